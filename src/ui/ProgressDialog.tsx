import type { ReactNode } from 'react';
import { Group, Loader, Text } from '@mantine/core';
import { Dialog } from './Dialog.tsx';

/** A dialog that cannot be closed while something runs: a spinner and what is going on (a status). */
export function ProgressDialog({ opened, title, children }: { opened: boolean; title: string; children: ReactNode }) {
  return (
    <Dialog opened={opened} onClose={() => {}} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} title={title} centered>
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text fz="sm" role="status">
          {children}
        </Text>
      </Group>
    </Dialog>
  );
}
