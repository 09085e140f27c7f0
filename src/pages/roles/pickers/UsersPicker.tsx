import { useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { TenantUserListItem } from '../../../../schemas/tenant-user.ts';
import { roleQueries } from '../../../data/roles.ts';
import { subtitleOf, titleOf } from '../../users/UserSummary.tsx';
import { PagedPicker } from './PagedPicker.tsx';

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
      emptyText={(q) => (q ? t`No user matches "${q}".` : t`Every user has this role, or there are no users yet.`)}
      value={value}
      onChange={onChange}
    />
  );
}
