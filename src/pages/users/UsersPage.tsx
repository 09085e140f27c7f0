import { Suspense, useState } from 'react';
import { Anchor, Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useRouteContext, useSearch } from '@tanstack/react-router';
import { IconPlus } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BulkUser } from '#machines/user-bulk-action.machine.ts';
import type { TenantUserListItem, UserListSort } from '#schemas/tenant-user.ts';
import { userQueries } from '#src/data/users.ts';
import { lazyComponent } from '#src/ui/lazyDialog.tsx';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import { externalLinks } from '#src/ui/links.ts';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { ListPageHeader } from '#src/ui/table/ListPageHeader.tsx';
import { selectionColumn } from '#src/ui/table/selection-column.tsx';
import { SearchInput } from '#src/ui/table/SearchInput.tsx';
import { ToggleGroup } from '#src/ui/table/ToggleGroup.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { pageNames } from '../names.ts';
import { DevTenantNotice } from './DevTenantNotice.tsx';
import { applicationColumn, createdColumn, latestSignInColumn } from './user-columns.tsx';
import { isUserStatus, readUserListSearch, sortedByLatestSignIn, userListQueryOf, userStatuses } from './user-list-search.ts';
import { titleOf, UserSummary } from './UserSummary.tsx';

const allUsers = 'all';
const newestFirst = 'createdAt' satisfies UserListSort;

const bulkUserOf = (user: TenantUserListItem): BulkUser => ({ id: user.id, title: titleOf(user) });

// The bulk actions' code loads with the first selection, off the list's first paint.
const UserBulkActionFlow = lazyComponent(async () => (await import('#src/flows/user-bulk-action/UserBulkActionFlow.tsx')).UserBulkActionFlow);

/** The tenant's end users, newest first or by the latest sign-in: search, a status filter, and bulk actions on the selected rows (users.md §2). */
export function UsersPage() {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const { search, setQ, setPage, setFilter } = useListSearch();
  const { status, sort } = readUserListSearch(useSearch({ strict: false }));
  const query = userListQueryOf({ ...search, status, sort });
  const list = useQuery(userQueries.list(api, tenantId, query));
  const title = i18n._(pageNames.users);
  usePageTitle(title);

  // The selection belongs to the list on screen: another page, search or filter starts with none.
  const listKey = JSON.stringify(query);
  const [selection, setSelection] = useState<{ listKey: string; users: BulkUser[] }>({ listKey, users: [] });
  const selected = selection.listKey === listKey ? selection.users : [];
  const select = (users: BulkUser[]) => setSelection({ listKey, users });
  const selectedIds = new Set(selected.map(({ id }) => id));
  // Once used, the bulk actions stay mounted: a run goes on when its users are no longer selected.
  const [bulkUsed, setBulkUsed] = useState(false);
  if (selected.length && !bulkUsed) setBulkUsed(true);

  const columns: Column<TenantUserListItem>[] = [
    selectionColumn(list.data?.items ?? [], {
      isSelected: (user) => selectedIds.has(user.id),
      onSelect: (users, on) => {
        const ids = new Set(users.map(({ id }) => id));
        const others = selected.filter(({ id }) => !ids.has(id));
        select(on ? [...others, ...users.map(bulkUserOf)] : others);
      },
      rowLabel: (user) => t`Select ${titleOf(user)}`,
      allLabel: t`Select all users on this page`,
    }),
    { key: 'user', title: t`User`, render: (user) => <UserSummary user={user} /> },
    applicationColumn(tenantId),
    { ...latestSignInColumn(), sorted: sort === sortedByLatestSignIn ? 'descending' : undefined },
    { ...createdColumn(), sorted: sort === undefined ? 'descending' : undefined },
  ];

  const create = (
    <LinkButton to="/$tenantId/users/create" params={{ tenantId }} search={{ ...search, status, sort }} leftSection={<IconPlus size={16} aria-hidden="true" />}>
      <Trans>Create user</Trans>
    </LinkButton>
  );

  const statusNames = { active: t({ message: 'Active', context: 'user' }), suspended: t({ message: 'Suspended', context: 'user' }) };
  const emptyText = () => {
    const { q } = search;
    if (q) return t`No user matches "${q}".`;
    if (status === 'active') return t`No active users.`;
    if (status === 'suspended') return t`No suspended users.`;
    return t`No users yet. Users sign up through your applications, or you create them here.`;
  };

  return (
    <Stack gap="lg" p="md">
      <ListPageHeader
        title={title}
        description={
          <Trans>
            The people who sign in to your applications: their identifiers, profile, roles and activity.{' '}
            <Anchor href={`${externalLinks.docs}/user-management`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
              Learn more
            </Anchor>
          </Trans>
        }
        action={create}
      />
      <DevTenantNotice />
      <Group gap="sm" align="flex-end">
        <SearchInput
          label={t`Search by id, e-mail, phone, username or name`}
          placeholder={t`ID, e-mail, phone, username or name`}
          value={search.q}
          onSearch={setQ}
        />
        <ToggleGroup
          label={t`User status`}
          value={status ?? allUsers}
          options={[{ value: allUsers, label: t`All` }, ...userStatuses.map((value) => ({ value, label: statusNames[value] }))]}
          onChange={(value) => setFilter({ status: isUserStatus(value) ? value : undefined })}
        />
        <ToggleGroup
          label={t`Sort users by`}
          value={sort ?? newestFirst}
          options={[
            { value: newestFirst, label: t`Newest` },
            { value: sortedByLatestSignIn, label: t`Latest sign-in` },
          ]}
          onChange={(value) => setFilter({ sort: value === sortedByLatestSignIn ? value : undefined })}
        />
      </Group>
      {bulkUsed && (
        <Suspense fallback={null}>
          <UserBulkActionFlow key={tenantId} tenantId={tenantId} selected={selected} onSelectionChange={select} />
        </Suspense>
      )}
      <DataTable
        label={t`Users`}
        columns={columns}
        list={list}
        rowKey={(user) => user.id}
        rowLink={(user, children) => (
          <Link to="/$tenantId/users/$id/settings" params={{ tenantId, id: user.id }} data-row-link style={{ color: 'inherit', textDecoration: 'none' }}>
            {children}
          </Link>
        )}
        empty={<ListEmpty text={emptyText()} action={!search.q && !status && create} />}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={setPage}
      />
    </Stack>
  );
}
