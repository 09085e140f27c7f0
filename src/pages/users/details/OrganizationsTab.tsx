import { useState } from 'react';
import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useDetail } from '#src/data/detail.ts';
import type { UserOrganization } from '#src/api/management/users.ts';
import { userQueries } from '#src/data/users.ts';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { SearchInput } from '#src/ui/table/SearchInput.tsx';

/**
 * The organizations the user belongs to, with their roles in each; read-only (users.md §4). The API answers the whole
 * list, so the search filters names here and there are no pages.
 */
export function OrganizationsTab() {
  const { t } = useLingui();
  const users = useTenantQueries(userQueries);
  const { tenantId, entity: user } = useDetail(userQueries.detail);
  const query = useQuery(users.organizations(user.id));
  const [q, setQ] = useState('');
  const all = query.data;
  const items = all?.filter(({ name }) => name.toLowerCase().includes(q.toLowerCase()));

  const columns: Column<UserOrganization>[] = [
    {
      key: 'name',
      title: t`Name`,
      render: (organization) => (
        <LinkAnchor to="/$tenantId/organizations/$id" params={{ tenantId, id: organization.id }} fz="sm" fw={500}>
          {organization.name}
        </LinkAnchor>
      ),
    },
    { key: 'id', title: t`Organization ID`, render: (organization) => <CopyableId label={t`Organization ID`} value={organization.id} /> },
    {
      key: 'roles',
      title: t`Organization roles`,
      render: ({ organizationRoles }) =>
        organizationRoles.length ? (
          <Group gap={4}>
            {organizationRoles.map((role) => (
              <Badge key={role.id} variant="light" color="gray" size="sm">
                {role.name}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text span fz="sm" c="dimmed">
            -
          </Text>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t`Organizations`}
      </Title>
      <SearchInput label={t`Search by name`} value={q} onSearch={setQ} />
      <DataTable
        label={t`Organizations`}
        columns={columns}
        list={{ ...query, data: items && { items, total: items.length } }}
        rowKey={(organization) => organization.id}
        empty={<ListEmpty text={q ? t`No organization matches "${q}".` : t`This user belongs to no organization yet.`} />}
        page={1}
        pageSize={Math.max(items?.length ?? 0, 1)}
        onPageChange={() => {}}
      />
    </Stack>
  );
}
