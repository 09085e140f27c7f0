import { Center, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { LinkButton } from './LinkButton.tsx';
import { usePageTitle } from './usePageTitle.ts';

/** Not found, with the way back to the console's home. */
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
        <LinkButton to="/" variant="light" mt="md">
          <Trans>Go to the console</Trans>
        </LinkButton>
      </Stack>
    </Center>
  );
}
