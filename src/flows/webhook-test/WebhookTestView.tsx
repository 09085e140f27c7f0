import { Alert, Code, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconSend } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WebhookTestEvent, WebhookTestOutcome, WebhookTestRequest, WebhookTestSnapshot } from '#machines/webhook-test.machine.ts';
import { formatNumber } from '#src/rules/number-format.ts';
import { Button } from '#src/ui/Button.tsx';
import { Fact } from '#src/ui/detail/Fact.tsx';
import { RefusalAlert } from '#src/ui/notices/RefusalAlert.tsx';

export type WebhookTestViewProps = {
  state: WebhookTestSnapshot;
  send: (event: WebhookTestEvent) => void;
  /** The URL, headers and events as the form holds them now, or undefined when the form shows errors. */
  request: () => WebhookTestRequest | undefined;
  /** The form is invalid: nothing to send yet. */
  disabled: boolean;
};

/** The result panel: the endpoint, what it answered (status and the start of its body) and how long it took. */
function TestResult({ request, outcome }: { request: WebhookTestRequest; outcome: WebhookTestOutcome }) {
  const { t, i18n } = useLingui();
  const ok = outcome.kind === 'answered';
  const duration = formatNumber(outcome.durationMs, i18n.locale);
  const title = ok ? t`The endpoint accepted the test payload.` : outcome.kind === 'rejected' ? t`The endpoint answered with an error.` : t`The endpoint could not be reached.`;
  const Icon = ok ? IconCircleCheck : IconCircleX;
  return (
    <Alert color={ok ? 'green' : 'red'} variant="light" icon={<Icon size={18} aria-hidden="true" />} title={title} role={ok ? 'status' : 'alert'}>
      <Stack gap="sm">
        <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="md" m={0}>
          <Fact label={t`Endpoint`}>
            <Text component="span" fz="sm" ff="monospace" dir="ltr">
              {request.url}
            </Text>
          </Fact>
          <Fact label={t`Response status`}>{'status' in outcome && outcome.status !== undefined ? outcome.status : ok ? '2xx' : '-'}</Fact>
          <Fact label={t`Time`}>{t`${duration} ms`}</Fact>
        </SimpleGrid>
        {outcome.kind === 'unreachable' && (
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {outcome.message}
          </Text>
        )}
        {'body' in outcome && outcome.body ? (
          <Stack gap={4}>
            <Text fz="xs" c="dimmed" fw={500}>
              <Trans>Response body (first 4 KB)</Trans>
            </Text>
            <Code block dir="ltr" style={{ maxHeight: '12rem', overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {outcome.body}
            </Code>
          </Stack>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** "Send test payload": a sample of each chosen event to the form's URL and headers, saved or not, and the last result. */
export function WebhookTestView({ state, send, request, disabled }: WebhookTestViewProps) {
  const { t } = useLingui();
  const { request: sent, outcome, error } = state.context;
  const submit = () => {
    const next = request();
    if (next) send({ type: 'SEND', request: next });
  };
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <Button variant="default" leftSection={<IconSend size={16} aria-hidden="true" />} loading={state.matches('sending')} disabled={disabled} onClick={submit}>
          <Trans>Send test payload</Trans>
        </Button>
        <Text fz="xs" c="dimmed" style={{ flex: '1 1 16rem' }}>
          {t`A sample of each chosen event, with fake data, goes to the URL and headers in the form, saved or not, signed with the saved key.`}
        </Text>
      </Group>
      {sent && outcome && <TestResult request={sent} outcome={outcome} />}
      {state.matches('failed') && <RefusalAlert title={t`The test payload was not sent`} error={error} />}
    </Stack>
  );
}
