import { Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SocialLinkEvent, SocialLinkSnapshot } from '#machines/social-link.machine.ts';
import { RowAction } from '#src/ui/RowAction.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog/ConfirmDialog.tsx';

export type SocialLinkViewProps = {
  state: SocialLinkSnapshot;
  send: (event: SocialLinkEvent) => void;
  /** The connector of the profile row, with its name in the user's language. */
  connector: { id: string; name: string };
  linked: boolean;
};

/** The Link or Unlink action of one social connector row of the profile (named with the row's label), and its unlink confirmation. */
export function SocialLinkView({ state, send, connector, linked }: SocialLinkViewProps) {
  const { t } = useLingui();
  const { name, id } = connector;
  const busy = state.context.connectorId === id && (state.matches('authorizing') || state.matches('unlinking'));
  return (
    <>
      {linked ? (
        <RowAction loading={busy} onClick={() => send({ type: 'UNLINK', connectorId: id })}>
          <Trans>Unlink</Trans>
        </RowAction>
      ) : (
        <RowAction loading={busy} onClick={() => send({ type: 'LINK', connectorId: id })}>
          <Trans>Link</Trans>
        </RowAction>
      )}
      {state.matches('confirmingUnlink') && state.context.connectorId === id && (
        <ConfirmDialog
          title={t`Unlink ${name}?`}
          confirmLabel={t`Unlink`}
          onResult={(result) => send({ type: result === 'confirmed' ? 'CONFIRM' : 'CANCEL' })}
        >
          <Text fz="sm">
            <Trans>You will no longer be able to sign in with this {name} account.</Trans>
          </Text>
        </ConfirmDialog>
      )}
    </>
  );
}
