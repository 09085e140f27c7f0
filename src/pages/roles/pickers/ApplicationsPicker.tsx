import { useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { Application } from '../../../../schemas/application.ts';
import { roleQueries } from '../../../data/roles.ts';
import { PagedPicker } from './PagedPicker.tsx';

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
      emptyText={(q) => (q ? t`No application matches "${q}".` : t`Every machine-to-machine app has this role, or there are none yet.`)}
      value={value}
      onChange={onChange}
    />
  );
}
