import type { ReactNode } from 'react';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconSend } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DeliveryResendEvent, DeliveryResendSnapshot } from '#machines/delivery-resend.machine.ts';
import { Button } from '#src/ui/Button.tsx';
import { RefusalAlert } from '#src/ui/notices/RefusalAlert.tsx';

export type DeliveryResendViewProps = {
  state: DeliveryResendSnapshot;
  send: (event: DeliveryResendEvent) => void;
  /** The link to the resent attempt's page. */
  attemptLink: (logId: string, label: string) => ReactNode;
};

/** "Resend" of a delivery, and what came of it: the new attempt's answer, still queued, or the refusal. */
export function DeliveryResendView({ state, send, attemptLink }: DeliveryResendViewProps) {
  const { t } = useLingui();
  const { attempt, error } = state.context;
  const status = attempt?.status;
  const busy = state.matches('resending') || state.matches('waiting');
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <Button variant="default" leftSection={<IconSend size={16} aria-hidden="true" />} loading={busy} onClick={() => send({ type: 'RESEND' })}>
          <Trans>Resend</Trans>
        </Button>
        {state.matches('waiting') && (
          <Text fz="sm" c="dimmed" role="status">
            <Trans>Queued; waiting for the endpoint's answer…</Trans>
          </Text>
        )}
      </Group>
      {state.matches('delivered') && attempt && (
        <Alert
          color={attempt.result === 'Success' ? 'green' : 'red'}
          variant="light"
          role="status"
          icon={attempt.result === 'Success' ? <IconCircleCheck size={18} aria-hidden="true" /> : <IconCircleX size={18} aria-hidden="true" />}
          title={status === undefined ? t`The endpoint did not answer the resent request.` : t`The endpoint answered the resent request with ${status}.`}
        >
          {attemptLink(attempt.logId, t`Open the new attempt`)}
        </Alert>
      )}
      {state.matches('queued') && (
        <Alert color="blue" variant="light" role="status" icon={<IconClock size={18} aria-hidden="true" />}>
          <Trans>The delivery is queued. Its attempt shows in the timeline and the recent requests once the endpoint answers.</Trans>
        </Alert>
      )}
      {state.matches('failed') && <RefusalAlert title={t`The delivery was not resent`} error={error} />}
    </Stack>
  );
}

