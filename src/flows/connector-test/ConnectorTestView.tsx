import { useState } from 'react';
import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import * as z from 'zod/mini';
import type { ConnectorTestEvent, ConnectorTestSnapshot } from '#machines/connector-test.machine.ts';
import { codeOf, detailsOf, field, messageOf } from '#machines/errors.ts';
import { emailGuard, phoneGuard } from '#schemas/tenant-user.ts';
import { detailsText } from '#src/api/errors.ts';
import { Button } from '#src/ui/Button.tsx';

export type ConnectorTestViewProps = {
  state: ConnectorTestSnapshot;
  send: (event: ConnectorTestEvent) => void;
  type: 'Email' | 'Sms';
  /** The config as the form holds it now, or undefined when the form shows errors. */
  config: () => Record<string, unknown> | undefined;
};

/** Why a test send failed: the code, the provider's own message, and the hint the server gave (a port and its security). */
function TestFailure({ error }: { error: unknown }) {
  const { t } = useLingui();
  const code = codeOf(error);
  const reason = messageOf(error);
  const details = detailsOf(error);
  const hint = field(details, 'hint');
  const rest = typeof hint === 'string' ? detailsText(Object.fromEntries(Object.entries(details as object).filter(([key]) => key !== 'hint'))) : detailsText(details);
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`The test message was not sent`} role="alert">
      <Stack gap={4}>
        {code && (
          <Text fz="sm" ff="monospace">
            {code}
          </Text>
        )}
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {code ? (field(field(error, 'body'), 'message') as string) : t`The server could not be reached: ${reason}`}
        </Text>
        {rest && (
          <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {rest}
          </Text>
        )}
        {typeof hint === 'string' && (
          <Text fz="sm">
            <Trans>Hint: {hint}</Trans>
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/** "Send test" of an e-mail or SMS connector: the address or number, the button, and the last result. */
export function ConnectorTestView({ state, send, type, config }: ConnectorTestViewProps) {
  const { t } = useLingui();
  const [to, setTo] = useState(state.context.request?.to ?? '');
  const [error, setError] = useState<string>();
  const sending = state.matches('sending');
  const sentTo = state.context.request?.to;

  const submit = () => {
    const valid = z.safeParse(type === 'Email' ? emailGuard : phoneGuard, to).success;
    setError(valid ? undefined : type === 'Email' ? t`Enter an e-mail address.` : t`Enter a phone number, such as +1 555 0100.`);
    const values = config();
    if (valid && values) send({ type: 'SEND', request: { to: to.trim(), config: values } });
  };

  return (
    <Stack gap="sm" maw={720}>
      <Group align="flex-start" gap="sm" wrap="wrap">
        <TextInput
          style={{ flex: '1 1 16rem' }}
          label={type === 'Email' ? t`Send a test e-mail to` : t`Send a test SMS to`}
          description={t`It uses the values in the form, saved or not, and the code 000000.`}
          type={type === 'Email' ? 'email' : 'tel'}
          autoComplete="off"
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              submit();
            }
          }}
          error={error}
        />
        <Button variant="default" mt={{ base: 0, xs: 50 }} loading={sending} onClick={submit}>
          <Trans>Send test</Trans>
        </Button>
      </Group>
      {state.matches('sent') && (
        <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden="true" />} role="status">
          <Trans>A test message was sent to {sentTo}.</Trans>
        </Alert>
      )}
      {state.matches('failed') && <TestFailure error={state.context.error} />}
    </Stack>
  );
}
