import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Invitation } from '#schemas/invitation.ts';
import { Button } from '#src/ui/Button.tsx';
import { TenantTagBadge } from '#src/ui/TenantTagBadge.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';

export type InvitationListProps = {
  invitations: Invitation[];
  onJoin: (invitationId: string) => void;
  onCreateTenant: () => void;
  creating?: boolean;
};

/** The pending invitations of a user without tenants, each with Join (spec 01 §2, index route step 4). */
export function InvitationList({ invitations, onJoin, onCreateTenant, creating = false }: InvitationListProps) {
  const { t } = useLingui();
  usePageTitle(t`Invitations`);
  return (
    <Stack gap="md" p="xl" maw={640}>
      <Title order={1} fz="h2">
        <Trans>You have been invited</Trans>
      </Title>
      <Text c="dimmed">
        <Trans>Join a tenant you were invited to, or create your own.</Trans>
      </Text>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Pending invitations`}>
        {invitations.map(({ id, tenantName, tenantTag }) => (
          <Paper component="li" key={id} withBorder p="md">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Text fw={600}>{tenantName}</Text>
                <TenantTagBadge tag={tenantTag} />
              </Group>
              <Button size="xs" onClick={() => onJoin(id)} aria-label={t`Join ${tenantName}`} disabled={creating}>
                <Trans>Join</Trans>
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>
      <Button variant="default" onClick={onCreateTenant} loading={creating} style={{ alignSelf: 'flex-start' }}>
        <Trans>Create tenant</Trans>
      </Button>
    </Stack>
  );
}
