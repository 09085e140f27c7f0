import type { ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { ConfirmDialogEvent, ConfirmDialogSnapshot } from '../../../machines/confirm-dialog.machine.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

export type ConfirmDialogViewProps = {
  state: ConfirmDialogSnapshot;
  send: (event: ConfirmDialogEvent) => void;
  title: string;
  confirmLabel: string;
  children: ReactNode;
};

/** A confirm dialog: Cancel has the focus; Escape and the close button cancel too. */
export function ConfirmDialogView({ state, send, title, confirmLabel, children }: ConfirmDialogViewProps) {
  return (
    <Dialog opened={state.matches('open')} onClose={() => send({ type: 'CANCEL' })} title={title} centered>
      <Stack gap="md">
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => send({ type: 'CANCEL' })} data-autofocus>
            <Trans>Cancel</Trans>
          </Button>
          <Button color="red" onClick={() => send({ type: 'CONFIRM' })}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
