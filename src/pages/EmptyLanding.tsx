import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../ui/usePageTitle.ts';

/** Cloud, when the user belongs to no tenant yet. */
export function EmptyLanding() {
  const { t } = useLingui();
  usePageTitle(t`Welcome`);
  return (
    <Stack gap="sm" p="xl" maw={640}>
      <Title order={1} fz="h2">
        <Trans>You are not a member of any tenant yet</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>Creating tenants and accepting invitations is not available yet. Ask a tenant admin to add you, then reload.</Trans>
      </Text>
    </Stack>
  );
}
