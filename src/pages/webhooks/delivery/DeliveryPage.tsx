import { Alert, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle, IconArrowLeft, IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HookLog } from '#schemas/webhook.ts';
import { useTenantQueries, useTenantScope } from '#src/data/tenant-scope.ts';
import { webhookQueries } from '#src/data/webhooks.ts';
import { DeliveryResendView } from '#src/flows/delivery-resend/DeliveryResendView.tsx';
import { useDeliveryResend } from '#src/flows/delivery-resend/useDeliveryResend.ts';
import { formatNumber } from '#src/rules/number-format.ts';
import { CodeBlock } from '#src/ui/CodeBlock.tsx';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { Fact } from '#src/ui/detail/Fact.tsx';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import direction from '#src/ui/direction.module.css';
import { LinkAnchor } from '#src/ui/LinkButton.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';
import { StatusTag } from '../StatusTag.tsx';
import { AttemptTimeline } from './AttemptTimeline.tsx';

/** One delivery attempt of a webhook (webhooks.md §3): what was sent, what answered, its attempts, and Resend. */
export function DeliveryPage({ hookId, logId }: { hookId: string; logId: string }) {
  const query = useQuery(useTenantQueries(webhookQueries).delivery(logId));
  return <DetailQueryState query={query}>{(log) => <Delivery key={log.id} hookId={hookId} log={log} />}</DetailQueryState>;
}

/** A body as sent or received: JSON laid out when it is JSON, else the text. */
const bodyText = (body: unknown) => {
  if (typeof body !== 'string') return JSON.stringify(body, null, 2);
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};

function BackLink({ hookId }: { hookId: string }) {
  const { t } = useLingui();
  const { tenantId } = useTenantScope();
  const hook = useQuery(useTenantQueries(webhookQueries).detail(hookId)).data;
  const name = hook?.name;
  return (
    // A link rather than a button: a long name wraps on a phone.
    <LinkAnchor to="/$tenantId/webhooks/$id/recent-requests" params={{ tenantId, id: hookId }} fz="sm" w="fit-content" maw="100%" style={{ overflowWrap: 'anywhere' }}>
      <IconArrowLeft size={14} aria-hidden="true" className={direction.mirrored} style={{ verticalAlign: 'middle' }} /> {name ? t`Back to ${name}` : t`Back to webhook`}
    </LinkAnchor>
  );
}

function Resend({ log }: { log: HookLog }) {
  const { tenantId } = useTenantScope();
  const [state, send] = useDeliveryResend(log);
  return (
    <DeliveryResendView
      state={state}
      send={send}
      attemptLink={(logId, label) => (
        <LinkAnchor to="/$tenantId/webhooks/$id/recent-requests/$logId" params={{ tenantId, id: log.payload.hookId, logId }} fz="sm" inherit c="inherit" fw={600} underline="always">
          {label}
        </LinkAnchor>
      )}
    />
  );
}

function Delivery({ hookId, log }: { hookId: string; log: HookLog }) {
  const { t, i18n } = useLingui();
  const { payload } = log;
  const { attempt, maxAttempts } = payload;
  const duration = payload.durationMs === undefined ? undefined : formatNumber(payload.durationMs, i18n.locale);
  const responseStatus = payload.response?.statusCode;
  const success = payload.result === 'Success';
  const ResultIcon = success ? IconCircleCheck : IconCircleX;
  usePageTitle(payload.event);
  // The receiver's copy of the signing key is not shown again here.
  const headers = Object.fromEntries(Object.entries(payload.hookRequest.headers).filter(([name]) => !/signing-key|authorization/i.test(name)));
  return (
    <Stack gap="lg" p="md">
      <BackLink hookId={hookId} />
      <Paper withBorder radius="md" p="lg">
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ResultIcon size={36} color={`var(--mantine-color-${success ? 'green' : 'red'}-6)`} role="img" aria-label={success ? t`Success` : t`Error`} style={{ flexShrink: 0 }} />
            <Stack gap={4} miw={0}>
              <Title order={1} fz="h2" ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
                {payload.event}
              </Title>
              <Group gap="xs">
                <StatusTag log={log} />
                <Text fz="sm" c={success ? 'dimmed' : 'red'}>
                  {success ? t`Success` : t`Error`}
                </Text>
              </Group>
            </Stack>
          </Group>
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" verticalSpacing="md" m={0}>
            <Fact label={t`Time`}>{i18n.date(log.createdAt, { dateStyle: 'medium', timeStyle: 'medium' })}</Fact>
            <Fact label={t`Attempt`}>{t`${attempt} of ${maxAttempts}`}</Fact>
            <Fact label={t`Next retry`}>{payload.nextAttemptAt ? i18n.date(payload.nextAttemptAt, { dateStyle: 'medium', timeStyle: 'medium' }) : t`None`}</Fact>
            <Fact label={t`Delivery ID`}>
              <CopyableId label={t`Delivery ID`} value={payload.deliveryId} />
            </Fact>
            <Fact label={t`Log ID`}>
              <CopyableId label={t`Log ID`} value={log.id} />
            </Fact>
            <Fact label={t`Duration`}>{duration === undefined ? '-' : t`${duration} ms`}</Fact>
          </SimpleGrid>
          <Resend log={log} />
        </Stack>
      </Paper>
      {payload.error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`Error`}>
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {payload.error}
          </Text>
        </Alert>
      )}
      <AttemptTimeline log={log} />
      <Stack gap="sm">
        <Title order={2} fz="h3">
          <Trans>Request</Trans>
        </Title>
        <Text fz="sm" ff="monospace" dir="ltr" style={{ overflowWrap: 'anywhere' }}>
          POST {payload.hookRequest.url}
        </Text>
        <CodeBlock code={Object.entries(headers).map(([name, value]) => `${name}: ${value}`).join('\n')} label={t`Request headers`} />
        <CodeBlock code={bodyText(payload.hookRequest.body)} label={t`Request body (JSON)`} />
      </Stack>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          <Trans>Response</Trans>
        </Title>
        {payload.response ? (
          <>
            <Text fz="sm">
              <Trans>Status {responseStatus}</Trans>
            </Text>
            <CodeBlock code={bodyText(payload.response.body) || ' '} label={t`Response body (first 4 KB)`} />
          </>
        ) : (
          <Text fz="sm" c="dimmed">
            <Trans>No response: the request failed before the endpoint answered.</Trans>
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
