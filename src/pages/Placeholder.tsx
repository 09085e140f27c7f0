import { Stack, Title } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { PlaceholderPage } from '../ui/PlaceholderPage.tsx';
import { pageNames, tabNames, type PageName } from '../ui/page-names.ts';

const isTabName = (value: string | undefined): value is keyof typeof tabNames => value !== undefined && value in tabNames;

/** The placeholder of a page a later release builds: the page's name as its heading, and the tab's under it. */
export function Placeholder({ page, tab }: { page: PageName; tab?: string }) {
  const { i18n } = useLingui();
  const name = i18n._(pageNames[page]);
  if (!isTabName(tab)) return <PlaceholderPage title={name} />;
  const tabName = i18n._(tabNames[tab]);
  return (
    <Stack gap="lg" p="md">
      <Title order={1} fz="h2">
        {name}
      </Title>
      <PlaceholderPage title={`${name} · ${tabName}`} heading={tabName} order={2} />
    </Stack>
  );
}
