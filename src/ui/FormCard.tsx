import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** A page that is one short form (change password, link e-mail): a card of a form's width, centred in the page. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" w="100%" maw={480} mx="auto" mt={{ base: 0, sm: 'xl' }}>
      <Stack gap="md">
        <Title order={1} fz="h3">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
