import { useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import { roleQueries } from '#src/data/roles.ts';
import { applicationQueries } from '#src/data/applications.ts';
import { LinkAnchor } from '../LinkButton.tsx';
import { PagedPicker, PickerEmpty } from './PagedPicker.tsx';

export type ApplicationsPickerProps = {
  tenantId: string;
  roleId: string;
  value: Application[];
  onChange: (applications: Application[]) => void;
};

/** The machine-to-machine apps that do not hold the role yet, searched and paged by the server; the chosen ones on the right. */
export function ApplicationsPicker({ tenantId, roleId, value, onChange }: ApplicationsPickerProps) {
  const { t } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  return (
    <PagedPicker
      label={t`Applications`}
      searchLabel={t`Search applications`}
      queryOf={(query) => roleQueries.candidates(api, tenantId, { ...query, excludeRoleId: roleId })}
      itemOf={({ id, name, description }) => ({ id, name, detail: description ?? undefined })}
      anyQuery={applicationQueries.list(api, tenantId, { page: 1, pageSize: 1, type: 'MachineToMachine' })}
      emptyText={(q, noneYet) =>
        q ? (
          <PickerEmpty text={t`No application matches "${q}".`} />
        ) : noneYet ? (
          <PickerEmpty
            text={t`There are no machine-to-machine apps yet.`}
            action={
              <LinkAnchor to="/$tenantId/applications/create" params={{ tenantId }} search={{ guide: 'm2m' }} fz="sm">
                {t`Create a machine-to-machine app`}
              </LinkAnchor>
            }
          />
        ) : (
          <PickerEmpty text={t`Every machine-to-machine app already has this role.`} />
        )
      }
      value={value}
      onChange={onChange}
    />
  );
}
