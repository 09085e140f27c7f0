import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** A card of a details form: its heading and fields (an app's refresh tokens, a user's profile). */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md" maw={720}>
        <Title order={2} fz="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
