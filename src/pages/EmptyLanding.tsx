import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFeature } from '../edition.ts';
import { usePageTitle } from '../ui/usePageTitle.ts';

/** When the user belongs to no tenant (yet). */
export function EmptyLanding() {
  const { t } = useLingui();
  const canHaveTenants = useFeature('multipleTenants');
  usePageTitle(t`Welcome`);
  return (
    <Stack gap="sm" p="xl" maw={640}>
      <Title order={1} fz="h2">
        <Trans>You are not a member of any tenant yet</Trans>
      </Title>
      <Text c="dimmed">
        {canHaveTenants ? (
          <Trans>Creating tenants and accepting invitations is not available yet. Ask a tenant admin to add you, then reload.</Trans>
        ) : (
          <Trans>Ask an admin to add you to the default tenant, then reload.</Trans>
        )}
      </Text>
    </Stack>
  );
}
