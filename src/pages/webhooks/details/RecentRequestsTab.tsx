import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { WebhookLogSearch } from '#schemas/list-search/webhooks.ts';
import { hookEventGroupNames, hookEventGroups, type HookEvent, type HookLog } from '#schemas/webhook.ts';
import { useDetail } from '#src/data/detail.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { webhookQueries } from '#src/data/webhooks.ts';
import { tabNames } from '#src/ui/page-names.ts';
import { DataTable, type Column } from '#src/ui/table/DataTable.tsx';
import { ListEmpty } from '#src/ui/table/ListEmpty.tsx';
import { RowLink } from '#src/ui/table/RowLink.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { eventGroupNames } from '../event-groups.ts';
import { StatusTag } from '../StatusTag.tsx';
import { recentLogsQuery } from './recent-logs-query.ts';

const allEvents = '';

/** A webhook's delivery attempts of the last 24 hours, newest first, by event (webhooks.md §3). */
export function RecentRequestsTab({ search: urlSearch }: { search: WebhookLogSearch }) {
  const { t, i18n } = useLingui();
  const { tenantId, entity: hook } = useDetail(webhookQueries.detail);
  const listSearch = useListSearch(urlSearch);
  const { search, setFilter, setPage } = listSearch;
  const query = recentLogsQuery(search);
  const list = useQuery(useTenantQueries(webhookQueries).recentLogs(hook.id, query));
  const title = i18n._(tabNames['recent-requests']);

  const columns: Column<HookLog>[] = [
    { key: 'status', title: t`Status`, render: (log) => <StatusTag log={log} /> },
    {
      key: 'event',
      title: t`Event`,
      render: (log) => (
        <Text fz="sm" ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {log.payload.event}
        </Text>
      ),
    },
    { key: 'attempt', title: t`Attempt`, render: ({ payload: { attempt, maxAttempts } }) => <Text fz="sm">{t`${attempt} of ${maxAttempts}`}</Text> },
    { key: 'time', title: t`Time`, render: (log) => <Text fz="sm">{i18n.date(log.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}</Text> },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Title order={2} fz="h3">
          {title}
        </Title>
        <NativeSelect
          label={t`Event`}
          w={{ base: '100%', xs: 300 }}
          value={search.event ?? allEvents}
          onChange={(change) => setFilter({ event: (change.currentTarget.value || undefined) as HookEvent | undefined })}
          data={[
            { value: allEvents, label: t`All events` },
            ...hookEventGroupNames.map((group) => ({ group: i18n._(eventGroupNames[group]), items: [...hookEventGroups[group]] })),
          ]}
        />
      </Group>
      <DataTable
        label={title}
        columns={columns}
        list={list}
        rowKey={(log) => log.id}
        rowLink={(log, children) => (
          <RowLink to="/$tenantId/webhooks/$id/recent-requests/$logId" params={{ tenantId, id: hook.id, logId: log.id }}>
            {children}
          </RowLink>
        )}
        empty={<ListEmpty text={search.event ? t`No requests for this event in the last 24 hours.` : t`No requests yet in the last 24 hours.`} />}
        page={query.page}
        pageSize={query.pageSize}
        onPageChange={setPage}
      />
    </Stack>
  );
}
