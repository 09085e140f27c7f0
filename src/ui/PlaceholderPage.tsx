import { Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { usePageTitle } from './usePageTitle.ts';

export type PlaceholderPageProps = {
  /** The document title's page name. */
  title: string;
  /** The heading, when it differs from the title (a tab under its page's heading). */
  heading?: string;
  order?: 1 | 2;
};

/** A page that a later release builds: its name and an honest note, inside the layout. */
export function PlaceholderPage({ title, heading = title, order = 1 }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <Stack gap="sm" p={order === 1 ? 'md' : 0}>
      <Title order={order} fz={order === 1 ? 'h2' : 'h3'}>
        {heading}
      </Title>
      <Text c="dimmed">
        <Trans>This page is not available yet.</Trans>
      </Text>
    </Stack>
  );
}
