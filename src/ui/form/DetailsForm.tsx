import type { FormEvent, ReactNode } from 'react';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '../Button.tsx';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.tsx';

export type DetailsFormProps = {
  /** Whether the values differ from the saved ones. */
  dirty: boolean;
  saving: boolean;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  onDiscard: () => void;
  children: ReactNode;
  /** Paths the form stays on (the other tabs of a form shared by several tabs): going there does not ask. */
  staysOn?: (pathname: string) => boolean;
};

/**
 * The form of a detail tab. While it is dirty a Save and Discard bar sticks to the bottom of the screen, and leaving
 * the page asks first. The owner makes `dirty` false once the save is done.
 */
export function DetailsForm({ dirty, saving, onSubmit, onDiscard, children, staysOn }: DetailsFormProps) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        {dirty && (
          <Paper shadow="md" withBorder px="md" py="sm" pos="sticky" bottom={0} style={{ zIndex: 2 }} role="region" aria-label={t`Unsaved changes`}>
            <Group justify="flex-end" gap="sm">
              <Text fz="sm" c="dimmed" mr="auto">
                <Trans>You have unsaved changes.</Trans>
              </Text>
              <Button variant="default" onClick={onDiscard} disabled={saving}>
                <Trans>Discard</Trans>
              </Button>
              <Button type="submit" loading={saving}>
                <Trans>Save changes</Trans>
              </Button>
            </Group>
          </Paper>
        )}
      </Stack>
      <UnsavedChangesGuard when={dirty && !saving} staysOn={staysOn} />
    </form>
  );
}
