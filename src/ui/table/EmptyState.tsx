import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

/** What an empty list says instead of rows, and usually its create action. */
export function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <Text c="dimmed" ta="center">
        {message}
      </Text>
      {action}
    </Stack>
  );
}
