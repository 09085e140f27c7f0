import { Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFeature } from '../edition.ts';
import { Button } from '../ui/Button.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';

export type EmptyLandingProps = {
  /** Offered where the edition creates tenants (cloud). */
  onCreateTenant?: () => void;
  creating?: boolean;
};

/** When the user belongs to no tenant (spec 01 §2, index route step 5). */
export function EmptyLanding({ onCreateTenant, creating = false }: EmptyLandingProps) {
  const { t } = useLingui();
  const canCreateTenants = useFeature('multipleTenants');
  usePageTitle(t`Welcome`);
  return (
    <Stack gap="md" p="xl" maw={640} align="flex-start">
      <Title order={1} fz="h2">
        <Trans>You are not a member of any tenant yet</Trans>
      </Title>
      <Text c="dimmed">
        {canCreateTenants ? (
          <Trans>Create a tenant to get started, or ask a tenant admin to invite you.</Trans>
        ) : (
          <Trans>Ask an admin to add you to the default tenant, then reload.</Trans>
        )}
      </Text>
      {canCreateTenants && onCreateTenant && (
        <Button onClick={onCreateTenant} loading={creating}>
          <Trans>Create tenant</Trans>
        </Button>
      )}
    </Stack>
  );
}
