import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RoleListSearch } from '#schemas/list-search/roles.ts';
import { roleTypes, type RoleListItem } from '#schemas/role.ts';
import { roleQueries } from '#src/data/roles.ts';
import { externalLinks } from '#src/ui/links.ts';
import { CreateLink } from '#src/ui/table/CreateLink.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { ListPage } from '#src/ui/table/ListPage.tsx';
import { NameCell } from '#src/ui/table/NameCell.tsx';
import { RowLink } from '#src/ui/table/RowLink.tsx';
import { ToggleGroup } from '#src/ui/table/ToggleGroup.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { RoleIcon } from './RoleIcon.tsx';
import { RoleTags } from './RoleTags.tsx';
import { roleTypeNames } from './role-types.ts';

const allTypes = 'all';

/** Who holds the role: its users, or its machine-to-machine apps. */
const assignedCount = (role: RoleListItem) => {
  const n = role.type === 'User' ? role.usersCount : role.applicationsCount;
  return role.type === 'User' ? plural(n, { one: '# user', other: '# users' }) : plural(n, { one: '# machine-to-machine app', other: '# machine-to-machine apps' });
};

/** The tenant's roles by name: search, a type filter, and who holds each. */
export function RolesPage({ search: urlSearch }: { search: RoleListSearch }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const listSearch = useListSearch(urlSearch);
  const { search, query, setFilter } = listSearch;
  const { type } = search;
  const list = useQuery(roleQueries.list(api, tenantId, { ...query, ...(type ? { type } : {}) }));

  const columns: Column<RoleListItem>[] = [
    { key: 'name', title: t`Role`, render: (role) => <NameCell icon={<RoleIcon role={role} />} name={role.name} /> },
    {
      key: 'type',
      title: t`Type`,
      render: (role) => (
        <Group gap={4}>
          <RoleTags role={role} />
        </Group>
      ),
    },
    { key: 'description', title: t`Description`, render: (role) => <Text fz="sm" lineClamp={2}>{role.description}</Text> },
    { key: 'assigned', title: t`Assigned to`, render: (role) => <Text fz="sm">{assignedCount(role)}</Text> },
  ];

  const emptyText = () => {
    if (search.q) return t`No role matches "${search.q}".`;
    if (type) return t`No roles of this type yet.`;
    return t`No roles yet. A role bundles permissions of your API resources and gives them to users or machine-to-machine apps.`;
  };

  return (
    <ListPage
      title={i18n._(pageNames.roles)}
      tableLabel={t`Roles`}
      description={
        <Trans>
          Roles give the permissions of your API resources to users and machine-to-machine apps; access tokens carry them.{' '}
          <Anchor href={`${externalLinks.docs}/authorization/role-based-access-control`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
            Learn more
          </Anchor>
        </Trans>
      }
      create={
        <CreateLink to="/$tenantId/roles/create" params={{ tenantId }} search={search}>
          <Trans>Create role</Trans>
        </CreateLink>
      }
      listSearch={listSearch}
      searchLabel={t`Search by name or description`}
      filters={
        <ToggleGroup
          label={t`Role type`}
          value={type ?? allTypes}
          options={[{ value: allTypes, label: t`All` }, ...roleTypes.map((value) => ({ value, label: i18n._(roleTypeNames[value].short) }))]}
          onChange={(value) => setFilter({ type: value === allTypes ? undefined : value })}
        />
      }
      columns={columns}
      list={list}
      rowKey={(role) => role.id}
      rowLink={(role, children) => (
        <RowLink to="/$tenantId/roles/$id/permissions" params={{ tenantId, id: role.id }}>
          {children}
        </RowLink>
      )}
      emptyText={emptyText()}
    />
  );
}
