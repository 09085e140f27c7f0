import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HandleSocialEvent, HandleSocialSnapshot } from '#machines/handle-social.machine.ts';
import { Button } from '#src/ui/Button.tsx';
import { FormCard } from '#src/ui/FormCard.tsx';

export type HandleSocialViewProps = {
  state: HandleSocialSnapshot;
  send: (event: HandleSocialEvent) => void;
};

function Problem({ message, send }: { message: string; send: HandleSocialViewProps['send'] }) {
  const { t } = useLingui();
  return (
    <Alert color="red" role="alert" title={t`The account was not linked`}>
      <Stack gap="sm">
        <Text fz="sm">{message}</Text>
        <Group justify="flex-end">
          <Button onClick={() => send({ type: 'CLOSE' })} data-autofocus>
            <Trans>Got it</Trans>
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** /handle-social in the popup: linking, then the window closes; a problem shows until the user closes it. */
export function HandleSocialView({ state, send }: HandleSocialViewProps) {
  const { t } = useLingui();
  return (
    <FormCard title={t`Link social account`}>
      {state.matches('identityInUse') && <Problem send={send} message={t`This social account is already linked to another user.`} />}
      {state.matches('noConnector') && <Problem send={send} message={t`No social account is being linked. Start again from your profile.`} />}
      {state.matches('failed') && <Problem send={send} message={state.context.error ?? ''} />}
      {(state.matches('start') || state.matches('linking') || state.matches('done')) && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text fz="sm">{state.matches('done') ? <Trans>Linked. This window closes now.</Trans> : <Trans>Linking your account…</Trans>}</Text>
        </Group>
      )}
    </FormCard>
  );
}
