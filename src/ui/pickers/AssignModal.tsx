import type { ReactNode } from 'react';
import { Group, Stack, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { Button } from '../Button.tsx';
import { Dialog } from '../Dialog.tsx';

export type AssignModalProps = {
  title: string;
  /** What assigning does. */
  intro: string;
  /** The picker. */
  children: ReactNode;
  /** A quota notice, in place of the Assign button when `blocked`. */
  notice?: ReactNode;
  blocked?: boolean;
  /** The button that closes without assigning. */
  dismissLabel: string;
  nothingChosen: boolean;
  assigning: boolean;
  onAssign: () => void;
  onClose: () => void;
};

/** A modal that adds things to a role: what it does, the picker, and Assign. */
export function AssignModal({ title, intro, children, notice, blocked = false, dismissLabel, nothingChosen, assigning, onAssign, onClose }: AssignModalProps) {
  return (
    <Dialog opened onClose={onClose} title={title} centered size="xl">
      <Stack gap="md">
        <Text fz="sm">{intro}</Text>
        {children}
        {notice}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {dismissLabel}
          </Button>
          {!blocked && (
            <Button disabled={nothingChosen} loading={assigning} onClick={onAssign}>
              <Trans>Assign</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}
