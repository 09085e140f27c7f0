import { Anchor, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useRouteContext, useSearch } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { roleTypes, type RoleListItem } from '#schemas/role.ts';
import { roleQueries } from '#src/data/roles.ts';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import { NameCell } from '#src/ui/table/NameCell.tsx';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { ListPageHeader } from '#src/ui/table/ListPageHeader.tsx';
import { SearchInput } from '#src/ui/table/SearchInput.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { externalLinks } from '#src/ui/links.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { pageNames } from '../names.ts';
import { RoleIcon } from './RoleIcon.tsx';
import { RoleTags } from './RoleTags.tsx';
import { isRoleType, readRoleListSearch, roleTypeNames } from './role-types.ts';

const allTypes = 'all';

/** Who holds the role: its users, or its machine-to-machine apps. */
const assignedCount = (role: RoleListItem) => {
  const n = role.type === 'User' ? role.usersCount : role.applicationsCount;
  return role.type === 'User' ? plural(n, { one: '# user', other: '# users' }) : plural(n, { one: '# machine-to-machine app', other: '# machine-to-machine apps' });
};

/** The tenant's roles by name: search, a type filter, and who holds each. */
export function RolesPage() {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const navigate = useNavigate();
  const { search, query, setQ, setPage } = useListSearch();
  const { type } = readRoleListSearch(useSearch({ strict: false }));
  const list = useQuery(roleQueries.list(api, tenantId, { ...query, ...(type ? { type } : {}) }));
  const title = i18n._(pageNames.roles);
  usePageTitle(title);

  const setType = (value: string) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, type: isRoleType(value) ? value : undefined, page: undefined }),
      replace: true,
    });

  const columns: Column<RoleListItem>[] = [
    {
      key: 'name',
      title: t`Role`,
      render: (role) => (
        <NameCell icon={<RoleIcon role={role} />} name={role.name} />
      ),
    },
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

  const create = (
    <LinkButton to="/$tenantId/roles/create" params={{ tenantId }} search={{ ...search, type }} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      <Trans>Create role</Trans>
    </LinkButton>
  );

  const emptyText = () => {
    if (search.q) return t`No role matches "${search.q}".`;
    if (type) return t`No roles of this type yet.`;
    return t`No roles yet. A role bundles permissions of your API resources and gives them to users or machine-to-machine apps.`;
  };

  return (
    <Stack gap="lg" p="md">
      <ListPageHeader
        title={title}
        description={
          <Trans>
            Roles give the permissions of your API resources to users and machine-to-machine apps; access tokens carry them.{' '}
            <Anchor href={`${externalLinks.docs}/authorization/role-based-access-control`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
              Learn more
            </Anchor>
          </Trans>
        }
        action={create}
      />
      <Group gap="sm" align="flex-end">
        <SearchInput label={t`Search by name or description`} value={search.q} onSearch={setQ} />
        <SegmentedControl
          aria-label={t`Role type`}
          value={type ?? allTypes}
          onChange={setType}
          data={[{ value: allTypes, label: t`All` }, ...roleTypes.map((value) => ({ value, label: i18n._(roleTypeNames[value].short) }))]}
        />
      </Group>
      <DataTable
        label={t`Roles`}
        columns={columns}
        list={list}
        rowKey={(role) => role.id}
        rowLink={(role, children) => (
          <Link to="/$tenantId/roles/$id/permissions" params={{ tenantId, id: role.id }} data-row-link style={{ color: 'inherit', textDecoration: 'none' }}>
            {children}
          </Link>
        )}
        empty={<ListEmpty text={emptyText()} action={!search.q && create} />}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={setPage}
      />
    </Stack>
  );
}
