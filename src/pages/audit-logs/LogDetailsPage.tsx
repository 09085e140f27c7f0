import type { ReactNode } from 'react';
import { Alert, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconCircleX, IconListSearch } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LogItem, LogPayload } from '#schemas/log.ts';
import { userTitle } from '#schemas/user-title.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { logQueries } from '#src/data/logs.ts';
import { CodeBlock } from '#src/ui/CodeBlock.tsx';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { Fact } from '#src/ui/detail/Fact.tsx';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import direction from '#src/ui/direction.module.css';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { formatLogTime, ImpersonationTag, LogActor, LogApplication, LogUser } from './LogCells.tsx';
import type { LogListSearch } from '#schemas/list-search/logs.ts';
import { eventTitle } from './event-title.ts';
import { relatedLogsSearch } from './log-window.ts';
import { parseUserAgent } from './user-agent.ts';

/** Where a log's details were opened from, and so where their back link goes (audit-logs.md §1). */
export type LogDetailsContext = { kind: 'tenant' } | { kind: 'user'; userId: string } | { kind: 'application'; applicationId: string };

/** One log: its header card with the request's origin, the error, the change an administrator made, and the raw payload. */
export function LogDetailsPage({ context, logId }: { context: LogDetailsContext; logId: string }) {
  const logs = useTenantQueries(logQueries);
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  const query = useQuery(logs.detail(logId));
  return <DetailQueryState query={query}>{(log) => <LogDetails tenantId={tenantId} context={context} log={log} />}</DetailQueryState>;
}

type ListLinkProps = { tenantId: string; context: LogDetailsContext; search?: LogListSearch; leftSection: ReactNode; children: ReactNode };

/** A link to the list of logs the page was opened from (the tenant's, a user's or an app's), with `search`. */
function ListLink({ tenantId, context, search, ...props }: ListLinkProps) {
  const look = { variant: 'subtle', size: 'compact-sm' } as const;
  if (context.kind === 'user') return <LinkButton to="/$tenantId/users/$id/logs" params={{ tenantId, id: context.userId }} search={search} {...look} {...props} />;
  if (context.kind === 'application') {
    return <LinkButton to="/$tenantId/applications/$id/logs" params={{ tenantId, id: context.applicationId }} search={search} {...look} {...props} />;
  }
  return <LinkButton to="/$tenantId/audit-logs" params={{ tenantId }} search={search} {...look} {...props} />;
}

function BackLink({ tenantId, context, log }: { tenantId: string; context: LogDetailsContext; log: LogItem }) {
  const { t } = useLingui();
  const user = context.kind === 'user' && log.user?.id === context.userId ? log.user : undefined;
  const application = context.kind === 'application' && log.application?.id === context.applicationId ? log.application : undefined;
  const name = user ? (userTitle(user) ?? t`Unnamed`) : application?.name;
  const label = name ? t`Back to ${name}` : context.kind === 'user' ? t`Back to user` : context.kind === 'application' ? t`Back to application` : t`Back to audit logs`;
  return (
    <ListLink tenantId={tenantId} context={context} leftSection={<IconArrowLeft size={14} aria-hidden="true" className={direction.mirrored} />}>
      {label}
    </ListLink>
  );
}

/** The other logs of the same sign-in attempt, from its start to its tokens (audit-logs.md §3), where the log names one. */
function RelatedLogsLink({ tenantId, context, log }: { tenantId: string; context: LogDetailsContext; log: LogItem }) {
  if (!log.payload.sessionId) return null;
  return (
    <ListLink tenantId={tenantId} context={context} search={relatedLogsSearch(log.payload.sessionId, log.createdAt, Date.now())} leftSection={<IconListSearch size={14} aria-hidden="true" />}>
      <Trans>Related logs</Trans>
    </ListLink>
  );
}

const valueText = (value: unknown) => (typeof value === 'string' ? value : value === undefined ? '-' : JSON.stringify(value));

function ErrorAlert({ error }: { error: NonNullable<LogPayload['error']> }) {
  const { t } = useLingui();
  const { code, message } = typeof error === 'string' ? { code: undefined, message: error } : error;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`Error`}>
      <Stack gap={4}>
        {code && (
          <Text fz="sm" c="red" ff="monospace" dir="ltr">
            {code}
          </Text>
        )}
        {message && (
          <Text fz="sm" c="red">
            {message}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

function Changes({ changes }: { changes: NonNullable<LogPayload['changes']> }) {
  const { t } = useLingui();
  const rows = Object.entries(changes);
  if (rows.length === 0) return null;
  return (
    // Every cell wraps its value, so the table fits a phone without scrolling sideways.
    <Table aria-label={t`Changes`} verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Field`}</Table.Th>
          <Table.Th>{t`From`}</Table.Th>
          <Table.Th>{t`To`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([field, { from, to }]) => (
          <Table.Tr key={field}>
            <Table.Td ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
              {field}
            </Table.Td>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {valueText(from)}
            </Table.Td>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {valueText(to)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function UserAgent({ userAgent }: { userAgent: string }) {
  const { t } = useLingui();
  const { browser, os, mobile } = parseUserAgent(userAgent);
  const parsed = [browser, os, browser || os ? (mobile ? t`mobile` : t`desktop`) : undefined].filter(Boolean).join(' · ');
  return (
    <Stack gap={2}>
      {parsed && <Text fz="sm">{parsed}</Text>}
      <Text fz="xs" c="dimmed" ff="monospace" dir="ltr">
        {userAgent}
      </Text>
    </Stack>
  );
}

function LogDetails({ tenantId, context, log }: { tenantId: string; context: LogDetailsContext; log: LogItem }) {
  const { t, i18n } = useLingui();
  const { payload } = log;
  const title = eventTitle(i18n, log) ?? log.key;
  const success = payload.result === 'Success';
  usePageTitle(title);
  const ResultIcon = success ? IconCircleCheck : IconCircleX;
  return (
    <Stack gap="lg" p="md">
      <Group>
        <BackLink tenantId={tenantId} context={context} log={log} />
        <RelatedLogsLink tenantId={tenantId} context={context} log={log} />
      </Group>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ResultIcon size={36} color={`var(--mantine-color-${success ? 'green' : 'red'}-6)`} role="img" aria-label={success ? t`Success` : t`Error`} style={{ flexShrink: 0 }} />
            <Stack gap={4} miw={0}>
              <Group gap="xs">
                <Title order={1} fz="h2" style={{ overflowWrap: 'anywhere' }}>
                  {title}
                </Title>
                <ImpersonationTag log={log} />
              </Group>
              <Text fz="sm" c={success ? 'dimmed' : 'red'}>
                {success ? t`Success` : t`Error`}
              </Text>
            </Stack>
          </Group>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
            <Fact label={t`Event key`}>
              <Text component="span" fz="sm" ff="monospace" dir="ltr">
                {log.key}
              </Text>
            </Fact>
            <Fact label={t`Application`}>
              <LogApplication tenantId={tenantId} log={log} />
            </Fact>
            <Fact label={t`IP address`}>{payload.ip ?? '-'}</Fact>
            <Fact label={t`User`}>
              <LogUser tenantId={tenantId} log={log} />
            </Fact>
            <Fact label={t`Log ID`}>
              <CopyableId label={t`Log ID`} value={log.id} />
            </Fact>
            <Fact label={t`Time`}>{formatLogTime(i18n, log.createdAt)}</Fact>
            {payload.actor && (
              <Fact label={t`Actor`}>
                <LogActor tenantId={tenantId} log={log} />
              </Fact>
            )}
            <Fact label={t`User agent`} wide>
              {payload.userAgent ? <UserAgent userAgent={payload.userAgent} /> : '-'}
            </Fact>
          </SimpleGrid>
        </Stack>
      </Paper>
      {!success && payload.error && <ErrorAlert error={payload.error} />}
      {payload.changes && (
        <Stack gap="sm">
          <Title order={2} fz="h3">
            <Trans>Changes</Trans>
          </Title>
          <Changes changes={payload.changes} />
        </Stack>
      )}
      <Stack gap="sm">
        <Title order={2} fz="h3">
          <Trans>Details</Trans>
        </Title>
        <CodeBlock code={JSON.stringify(payload, null, 2)} label={t`Log payload (JSON)`} />
      </Stack>
    </Stack>
  );
}
