import { Group, Modal, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SocialLinkEvent, SocialLinkSnapshot } from '../../../machines/social-link.machine.ts';
import { Button } from '../../ui/Button.tsx';

export type SocialLinkViewProps = {
  state: SocialLinkSnapshot;
  send: (event: SocialLinkEvent) => void;
  /** The connector of the profile row, with its name in the user's language. */
  connector: { id: string; name: string };
  linked: boolean;
};

/** The Link or Unlink action of one social connector row of the profile, and its unlink confirmation. */
export function SocialLinkView({ state, send, connector, linked }: SocialLinkViewProps) {
  const { t } = useLingui();
  const { name, id } = connector;
  const busy = state.context.connectorId === id && (state.matches('authorizing') || state.matches('unlinking'));
  return (
    <>
      {linked ? (
        <Button variant="default" size="xs" loading={busy} onClick={() => send({ type: 'UNLINK', connectorId: id })} aria-label={t`Unlink ${name}`}>
          <Trans>Unlink</Trans>
        </Button>
      ) : (
        <Button variant="default" size="xs" loading={busy} onClick={() => send({ type: 'LINK', connectorId: id })} aria-label={t`Link ${name}`}>
          <Trans>Link</Trans>
        </Button>
      )}
      <Modal
        opened={state.matches('confirmingUnlink') && state.context.connectorId === id}
        onClose={() => send({ type: 'CANCEL' })}
        title={t`Unlink ${name}?`}
        closeButtonProps={{ 'aria-label': t`Close` }}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            <Trans>You will no longer be able to sign in with this {name} account.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => send({ type: 'CANCEL' })}>
              <Trans>Cancel</Trans>
            </Button>
            <Button color="red" onClick={() => send({ type: 'CONFIRM' })} data-autofocus>
              <Trans>Unlink</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
