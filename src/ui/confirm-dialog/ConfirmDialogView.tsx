import { useState, type ReactNode } from 'react';
import { Group, Stack, TextInput } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ConfirmDialogEvent, ConfirmDialogSnapshot } from '#machines/confirm-dialog.machine.ts';
import { Button } from '../Button.tsx';
import { Dialog } from '../Dialog.tsx';

export type ConfirmDialogViewProps = {
  state: ConfirmDialogSnapshot;
  send: (event: ConfirmDialogEvent) => void;
  title: string;
  confirmLabel: string;
  children: ReactNode;
  /** For what cannot be undone: the person types this value (a name) before the confirm button works. */
  typedConfirmation?: { label: string; value: string };
};

/** A confirm dialog: Cancel has the focus; Escape and the close button cancel too. */
export function ConfirmDialogView({ state, send, title, confirmLabel, children, typedConfirmation }: ConfirmDialogViewProps) {
  const [typed, setTyped] = useState('');
  const confirmable = !typedConfirmation || typed === typedConfirmation.value;
  return (
    <Dialog opened={state.matches('open')} onClose={() => send({ type: 'CANCEL' })} title={title} centered>
      <Stack gap="md">
        {children}
        {typedConfirmation && (
          <TextInput label={typedConfirmation.label} value={typed} onChange={(event) => setTyped(event.currentTarget.value)} autoComplete="off" />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => send({ type: 'CANCEL' })} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="red" disabled={!confirmable} onClick={() => send({ type: 'CONFIRM' })}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
