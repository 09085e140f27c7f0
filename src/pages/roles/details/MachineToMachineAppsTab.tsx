import { useState } from 'react';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Application } from '#schemas/application.ts';
import { useDetail } from '#src/data/detail.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { roleQueries, useRemoveApplication } from '#src/data/roles.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { descriptionColumn } from '#src/ui/table/description-column.tsx';
import { ListSection } from '#src/ui/table/ListSection.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { AssignApplicationsModal } from '../AssignApplicationsModal.tsx';
import { nameOfRow, removeColumn } from '#src/ui/table/remove-column.tsx';

/** The machine-to-machine apps of an M2M role (roles.md §1); the layout opens the permissions tab for a User role. */
export function MachineToMachineAppsTab() {
  const { t } = useLingui();
  const { tenantId, entity: role } = useDetail(roleQueries.detail);
  const roles = useTenantQueries(roleQueries);
  const listSearch = useListSearch(useSearch({ from: '/_console/$tenantId/roles/$id/machine-to-machine-apps' }));
  const list = useQuery(roles.applications(role.id, listSearch.query));
  const removeApplication = useRemoveApplication(role.id);
  const confirmation = useConfirmDialog();
  const [assigning, setAssigning] = useState(false);

  const confirmRemove = (application: Application) =>
    confirmation.ask(
      {
        title: t`Remove application`,
        confirmLabel: t`Remove`,
        children: <Text fz="sm">{t`${application.name} loses the permissions of ${role.name}: its next access tokens no longer carry them.`}</Text>,
      },
      () => removeApplication.mutate(application.id),
    );

  const columns: Column<Application>[] = [
    {
      key: 'name',
      title: t`Application`,
      render: (application) => (
        <LinkAnchor to="/$tenantId/applications/$id" params={{ tenantId, id: application.id }} fz="sm" fw={500}>
          {application.name}
        </LinkAnchor>
      ),
    },
    descriptionColumn(),
    removeColumn(confirmRemove, nameOfRow),
  ];

  return (
    <>
      {confirmation.dialog}
      <ListSection
        title={t`Machine-to-machine apps`}
        action={
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setAssigning(true)}>
            <Trans>Assign applications</Trans>
          </Button>
        }
        searchLabel={t`Search applications`}
        listSearch={listSearch}
        emptyText={
          listSearch.search.q
            ? t`No application matches "${listSearch.search.q}".`
            : t`No machine-to-machine apps have this role yet. The role takes effect once it is assigned to one.`
        }
        columns={columns}
        list={list}
        rowKey={(application) => application.id}
      />
      {assigning && <AssignApplicationsModal tenantId={tenantId} role={role} dismissLabel={t`Cancel`} onClose={() => setAssigning(false)} />}
    </>
  );
}
