import { useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { TenantUserListItem } from '#schemas/tenant-user.ts';
import { roleQueries } from '#src/data/roles.ts';
import { subtitleOf, titleOf } from '../users/UserSummary.tsx';
import { userQueries } from '#src/data/users.ts';
import { LinkAnchor } from '../LinkButton.tsx';
import { PagedPicker, PickerEmpty } from './PagedPicker.tsx';

export type UsersPickerProps = {
  tenantId: string;
  roleId: string;
  value: TenantUserListItem[];
  onChange: (users: TenantUserListItem[]) => void;
};

/** The users that do not hold the role yet, searched as the users list is and paged by the server (roles.md §4). */
export function UsersPicker({ tenantId, roleId, value, onChange }: UsersPickerProps) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  return (
    <PagedPicker
      label={t`Users`}
      searchLabel={t`Search by id, e-mail, phone, username or name`}
      queryOf={(query) => roleQueries.userCandidates(api, tenantId, { ...query, excludeRoleId: roleId })}
      itemOf={(user) => ({ id: user.id, name: titleOf(user), detail: subtitleOf(user) })}
      anyQuery={userQueries.list(api, tenantId, { page: 1, pageSize: 1 })}
      emptyText={(q, noneYet) =>
        q ? (
          <PickerEmpty text={t`No user matches "${q}".`} />
        ) : noneYet ? (
          <PickerEmpty
            text={t`There are no users yet.`}
            action={
              <LinkAnchor to="/$tenantId/users/create" params={{ tenantId }} fz="sm">
                {t`Create user`}
              </LinkAnchor>
            }
          />
        ) : (
          <PickerEmpty text={t`Every user already has this role.`} />
        )
      }
      value={value}
      onChange={onChange}
    />
  );
}
