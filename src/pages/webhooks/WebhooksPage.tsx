import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WebhookListSearch } from '#schemas/list-search/webhooks.ts';
import type { Hook } from '#schemas/webhook.ts';
import { webhookQueries } from '#src/data/webhooks.ts';
import { formatNumber } from '#src/rules/number-format.ts';
import { externalLinks } from '#src/ui/links.ts';
import { pageNames } from '#src/ui/page-names.ts';
import { CreateLink } from '#src/ui/table/CreateLink.tsx';
import type { Column } from '#src/ui/table/DataTable.tsx';
import { ListPage } from '#src/ui/table/ListPage.tsx';
import { NameCell } from '#src/ui/table/NameCell.tsx';
import { RowLink } from '#src/ui/table/RowLink.tsx';
import { ToggleGroup } from '#src/ui/table/ToggleGroup.tsx';
import { useListSearch } from '#src/ui/table/useListSearch.ts';
import { HealthTag } from './HealthTag.tsx';
import { WebhookIcon } from './WebhookIcon.tsx';
import { hookListQueryOf } from './list-query.ts';
import { eventsOf, healthOf } from './webhook-stats.ts';

const allHooks = 'all';

/** The tenant's webhooks, newest first (webhooks.md §1): a name search, an enabled filter, and the last 24 hours' requests. */
export function WebhooksPage({ search: urlSearch }: { search: WebhookListSearch }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const listSearch = useListSearch(urlSearch);
  const { search, setFilter } = listSearch;
  const { enabled } = search;
  const list = useQuery(webhookQueries.list(api, tenantId, hookListQueryOf(search)));

  const columns: Column<Hook>[] = [
    { key: 'name', title: t`Name`, render: (hook) => <NameCell icon={<WebhookIcon />} name={hook.name || t`Unnamed`} /> },
    {
      key: 'events',
      title: t`Events`,
      render: (hook) => (
        <Text fz="sm" ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          {eventsOf(hook).join(' / ')}
        </Text>
      ),
    },
    { key: 'rate', title: t`Success rate`, render: (hook) => (healthOf(hook).kind === 'idle' ? <Text fz="sm">-</Text> : <HealthTag hook={hook} />) },
    {
      key: 'requests',
      title: t`Requests (24 h)`,
      render: (hook) => <Text fz="sm">{hook.enabled ? formatNumber(hook.executionStats?.requestCount ?? 0, i18n.locale) : '-'}</Text>,
    },
  ];

  const emptyText = () => {
    if (search.q) return t`No webhook matches "${search.q}".`;
    if (enabled === true) return t`No webhook is enabled.`;
    if (enabled === false) return t`No webhook is disabled.`;
    return t`No webhooks yet. A webhook sends a signed request to your endpoint when users sign in or register, or when your identity data changes.`;
  };

  return (
    <ListPage
      title={i18n._(pageNames.webhooks)}
      description={
        <Trans>
          Receive signed HTTP requests at your endpoint when users sign in or register, and when users, roles or organizations change.{' '}
          <Anchor href={`${externalLinks.docs}/developers/webhooks`} target="_blank" rel="noopener noreferrer" fz="sm" underline="always">
            Learn more
          </Anchor>
        </Trans>
      }
      create={
        <CreateLink to="/$tenantId/webhooks/create" params={{ tenantId }} search={search}>
          <Trans>Create webhook</Trans>
        </CreateLink>
      }
      listSearch={listSearch}
      searchLabel={t`Search by name`}
      filters={
        <ToggleGroup
          label={t`Status`}
          value={enabled === undefined ? allHooks : String(enabled)}
          options={[
            { value: allHooks, label: t`All` },
            { value: 'true', label: t`Enabled` },
            { value: 'false', label: t`Disabled` },
          ]}
          onChange={(value) => setFilter({ enabled: value === allHooks ? undefined : value === 'true' })}
        />
      }
      filtered={enabled !== undefined}
      columns={columns}
      list={list}
      rowKey={(hook) => hook.id}
      rowLink={(hook, children) => (
        <RowLink to="/$tenantId/webhooks/$id/settings" params={{ tenantId, id: hook.id }}>
          {children}
        </RowLink>
      )}
      emptyText={emptyText()}
    />
  );
}
