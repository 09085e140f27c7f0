import { Center, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from './usePageTitle.ts';

export function NotFound() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <Center mih="60dvh" p="xl">
      <Stack align="center" gap="xs">
        <Text fz={64} fw={700} c="dimmed" aria-hidden="true">
          404
        </Text>
        <Title order={1} fz="h2">
          <Trans>Page not found</Trans>
        </Title>
      </Stack>
    </Center>
  );
}
