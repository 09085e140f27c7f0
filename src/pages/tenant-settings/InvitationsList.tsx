import { useEffect, useState } from 'react';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouteContext } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Invitation } from '../../../schemas/invitation.ts';
import { useConfirmDialog } from '../../flows/confirm-dialog/useConfirmDialog.tsx';
import { AppError } from '../../ui/AppError.tsx';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { useInvitationsRefresh } from './invitations-refresh.ts';
import { invitationStatusNames } from './role-names.ts';

type Loaded = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; invitations: Invitation[] };

/** The tenant's invitations: invitee, status, expiry; pending ones can be revoked, pending and expired ones resent. */
export function InvitationsList({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const refresh = useInvitationsRefresh();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const confirmation = useConfirmDialog();
  const reload = () => setAttempt((current) => current + 1);

  useEffect(() => {
    let active = true;
    api.invitations.listTenantInvitations(tenantId).then(
      (invitations) => active && setLoaded({ status: 'loaded', invitations }),
      (error: unknown) => active && setLoaded({ status: 'failed', message: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      active = false;
    };
  }, [api, tenantId, refresh.version, attempt]);

  if (loaded.status === 'loading') return <PageLoader label={t`Loading invitations`} />;
  if (loaded.status === 'failed') return <AppError title={t`The invitations did not load`} message={loaded.message} onRetry={reload} />;
  if (!loaded.invitations.length) {
    return (
      <Text c="dimmed">
        <Trans>No invitations yet.</Trans>
      </Text>
    );
  }

  const formatDate = (value: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

  const revoke = (invitation: Invitation) =>
    confirmation.ask(
      {
        title: t`Revoke invitation`,
        confirmLabel: t`Revoke`,
        children: <Text fz="sm">{t`The invitation link sent to ${invitation.invitee} will stop working.`}</Text>,
      },
      () => void api.invitations.revokeInvitation(tenantId, invitation.id).then(reload, () => {}),
    );

  const resend = (invitation: Invitation) =>
    void api.invitations.resendInvitation(tenantId, invitation.id).then(() => {
      notifications.show({ color: 'green', message: t`Invitation sent` });
      reload();
    }, () => {});

  return (
    <Table.ScrollContainer minWidth={560}>
      {confirmation.dialog}
      <Table verticalSpacing="sm" aria-label={t`Invitations`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Invitee`}</Table.Th>
            <Table.Th>{t`Status`}</Table.Th>
            <Table.Th>{t`Expires`}</Table.Th>
            <Table.Th>{t`Actions`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loaded.invitations.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td>{invitation.invitee}</Table.Td>
              <Table.Td>
                <Badge variant="light" tt="none" color={invitation.status === 'Pending' ? 'blue' : 'gray'}>
                  {i18n._(invitationStatusNames[invitation.status])}
                </Badge>
              </Table.Td>
              <Table.Td>{formatDate(invitation.expiresAt)}</Table.Td>
              <Table.Td>
                <Group gap="xs">
                  {(invitation.status === 'Pending' || invitation.status === 'Expired') && (
                    <Button variant="subtle" size="xs" aria-label={t`Resend the invitation to ${invitation.invitee}`} onClick={() => resend(invitation)}>
                      <Trans>Resend</Trans>
                    </Button>
                  )}
                  {invitation.status === 'Pending' && (
                    <Button variant="subtle" color="red" size="xs" aria-label={t`Revoke the invitation to ${invitation.invitee}`} onClick={() => revoke(invitation)}>
                      <Trans>Revoke</Trans>
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
