import { Suspense, useState } from 'react';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BulkUser } from '#machines/user-bulk-action.machine.ts';
import { sortedByLatestSignIn, userListQueryOf, userStatuses, type UserListSearch, type UserListSort } from '#schemas/list-search/users.ts';
import type { TenantUserListItem } from '#schemas/tenant-user.ts';
import { userQueries } from '#src/data/users.ts';
import { lazyComponent } from '#src/ui/lazyDialog.tsx';
import { externalLinks } from '#src/ui/links.ts';
import { CreateLink } from '#src/ui/table/CreateLink.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { ListPage } from '#src/ui/table/ListPage.tsx';
import { RowLink } from '#src/ui/table/RowLink.tsx';
import { selectionColumn } from '#src/ui/table/selection-column.tsx';
import { ToggleGroup } from '#src/ui/table/ToggleGroup.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { applicationColumn, createdColumn, latestSignInColumn } from '#src/ui/users/user-columns.tsx';
import { titleOf, UserSummary } from '#src/ui/users/UserSummary.tsx';
import { DevTenantNotice } from './DevTenantNotice.tsx';

const allUsers = 'all';
const newestFirst = 'createdAt' satisfies UserListSort;

const bulkUserOf = (user: TenantUserListItem): BulkUser => ({ id: user.id, title: titleOf(user) });

// The bulk actions' code loads with the first selection, off the list's first paint.
const UserBulkActionFlow = lazyComponent(async () => (await import('#src/flows/user-bulk-action/UserBulkActionFlow.tsx')).UserBulkActionFlow);

/** The tenant's end users, newest first or by the latest sign-in: search, a status filter, and bulk actions on the selected rows (users.md §2). */
export function UsersPage({ search: urlSearch }: { search: UserListSearch }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const listSearch = useListSearch(urlSearch);
  const { search, setFilter } = listSearch;
  const { status, sort } = search;
  const query = userListQueryOf(search);
  const list = useQuery(userQueries.list(api, tenantId, query));

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

  const statusNames = { active: t({ message: 'Active', context: 'user' }), suspended: t({ message: 'Suspended', context: 'user' }) };
  const emptyText = () => {
    const { q } = search;
    if (q) return t`No user matches "${q}".`;
    if (status === 'active') return t`No active users.`;
    if (status === 'suspended') return t`No suspended users.`;
    return t`No users yet. Users sign up through your applications, or you create them here.`;
  };

  return (
    <ListPage
      title={i18n._(pageNames.users)}
      tableLabel={t`Users`}
      description={
        <Trans>
          The people who sign in to your applications: their identifiers, profile, roles and activity.{' '}
          <Anchor href={`${externalLinks.docs}/user-management`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
            Learn more
          </Anchor>
        </Trans>
      }
      create={
        <CreateLink to="/$tenantId/users/create" params={{ tenantId }} search={search}>
          <Trans>Create user</Trans>
        </CreateLink>
      }
      listSearch={listSearch}
      searchLabel={t`Search by id, e-mail, phone, username or name`}
      searchPlaceholder={t`ID, e-mail, phone, username or name`}
      filters={
        <>
          <ToggleGroup
            label={t`User status`}
            value={status ?? allUsers}
            options={[{ value: allUsers, label: t`All` }, ...userStatuses.map((value) => ({ value, label: statusNames[value] }))]}
            onChange={(value) => setFilter({ status: value === allUsers ? undefined : value })}
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
        </>
      }
      filtered={Boolean(status)}
      toolbar={
        bulkUsed && (
          <Suspense fallback={null}>
            <UserBulkActionFlow key={tenantId} tenantId={tenantId} selected={selected} onSelectionChange={select} />
          </Suspense>
        )
      }
      columns={columns}
      list={list}
      rowKey={(user) => user.id}
      rowLink={(user, children) => (
        <RowLink to="/$tenantId/users/$id/settings" params={{ tenantId, id: user.id }}>
          {children}
        </RowLink>
      )}
      emptyText={emptyText()}
    >
      <DevTenantNotice />
    </ListPage>
  );
}
