import { Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { usePageTitle } from './usePageTitle.ts';

/** A page that a later release builds: its name and an honest note, inside the layout. */
export function PlaceholderPage({ title }: { title: string }) {
  usePageTitle(title);
  return (
    <Stack gap="sm" p="xl">
      <Title order={1} fz="h2">
        {title}
      </Title>
      <Text c="dimmed">
        <Trans>This page is not available yet.</Trans>
      </Text>
    </Stack>
  );
}
