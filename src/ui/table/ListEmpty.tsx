import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

/** What an empty list shows instead of its table: why it is empty, and usually the action that fills it. */
export function ListEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <Text c="dimmed" ta="center">
        {text}
      </Text>
      {action}
    </Stack>
  );
}
