import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';

/** The scopes every sign-in of a third-party app is granted, whatever it asks for. */
const alwaysGranted = ['openid', 'profile'];

/**
 * What a third-party app may ask its users to consent to. Read-only: the choice of further user and API permissions
 * for third-party apps is not in the management API yet.
 */
export function PermissionsTab() {
  const { t } = useLingui();
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        <Trans>Permissions</Trans>
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} fz="h5">
            <Trans>Always granted</Trans>
          </Title>
          <Text fz="sm" c="dimmed">
            <Trans>Every sign-in to this app gets the user's ID and basic profile.</Trans>
          </Text>
          <Group gap="xs" aria-label={t`Always granted`} role="list">
            {alwaysGranted.map((scope) => (
              <Badge key={scope} role="listitem" variant="light" color="gray" tt="none" radius="sm" ff="monospace">
                {scope}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Paper>
      <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden="true" />}>
        <Trans>Other user data and API permissions cannot be granted to third-party apps yet.</Trans>
      </Alert>
    </Stack>
  );
}
