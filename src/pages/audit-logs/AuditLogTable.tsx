import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';
import type { LogItem } from '#schemas/log.ts';
import { logQueries } from '#src/data/logs.ts';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { RowLink } from '#src/ui/table/RowLink.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { LogFilters } from './LogFilters.tsx';
import { EventCell, formatLogTime, LogActor, LogApplication, LogUser } from './LogCells.tsx';
import { logPageSize, type LogListSearch } from '#schemas/list-search/logs.ts';
import { fixedFiltersOf, type LogScope } from './log-scope.ts';
import { effectiveRange, logListQueryOf } from './log-window.ts';
import { RetentionNotice } from './RetentionNotice.tsx';
import { useLogRetention } from './retention.ts';

/** The link of a row: the log's details in the table's context (audit-logs.md §1). */
function rowLinkOf(tenantId: string, scope: LogScope) {
  return function logRowLink(log: LogItem, children: ReactNode) {
    if (scope.kind === 'user') {
      return (
        <RowLink to="/$tenantId/users/$id/logs/$logId" params={{ tenantId, id: scope.userId, logId: log.id }}>
          {children}
        </RowLink>
      );
    }
    if (scope.kind === 'application') {
      return (
        <RowLink to="/$tenantId/applications/$id/logs/$logId" params={{ tenantId, id: scope.applicationId, logId: log.id }}>
          {children}
        </RowLink>
      );
    }
    return (
      <RowLink to="/$tenantId/audit-logs/$logId" params={{ tenantId, logId: log.id }}>
        {children}
      </RowLink>
    );
  };
}

/**
 * The audit log as a table with its filters, shared by the tenant's page, a user's logs tab and an app's logs tab: the
 * scope fixes the user or the app, and leaves out the columns and filters that would only repeat it.
 */
export function AuditLogTable({ scope, label, search }: { scope: LogScope; label: string; search: LogListSearch }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const { setPage, setFilter } = useListSearch(search, logPageSize);
  const retention = useLogRetention(tenantId);
  const now = Date.now();
  const query = logListQueryOf(fixedFiltersOf(scope), search, retention.days, now);
  const list = useQuery(logQueries.list(api, tenantId, query));

  const showsUsers = scope.kind === 'tenant' || (scope.kind === 'application' && !scope.machineToMachine);
  const columns: Column<LogItem>[] = [
    { key: 'event', title: t`Event`, render: (log) => <EventCell log={log} /> },
    ...(showsUsers ? [{ key: 'user', title: t`User`, render: (log: LogItem) => <LogUser tenantId={tenantId} log={log} /> }] : []),
    ...(scope.kind === 'application' ? [] : [{ key: 'application', title: t`Application`, render: (log: LogItem) => <LogApplication tenantId={tenantId} log={log} /> }]),
    ...(scope.kind === 'application' ? [] : [{ key: 'actor', title: t`Actor`, render: (log: LogItem) => <LogActor tenantId={tenantId} log={log} /> }]),
    {
      key: 'time',
      title: t`Time`,
      render: (log) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatLogTime(i18n, log.createdAt)}
        </Text>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <LogFilters
        tenantId={tenantId}
        scope={scope}
        search={search}
        range={effectiveRange(search.range, retention.days)}
        days={retention.days}
        now={now}
        rows={list.data?.items ?? []}
        shown={!list.isPending}
        setFilter={setFilter}
      />
      <RetentionNotice retention={retention} />
      <DataTable
        label={label}
        columns={columns}
        list={list}
        rowKey={(log) => log.id}
        rowLink={rowLinkOf(tenantId, scope)}
        empty={<ListEmpty text={t`No results`} />}
        page={query.page}
        pageSize={logPageSize}
        onPageChange={setPage}
      />
    </Stack>
  );
}
