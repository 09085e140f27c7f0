import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouteContext } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Invitation } from '#schemas/invitation.ts';
import { invitationQueries, useResendInvitation, useRevokeInvitation } from '#src/data/invitations.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { AppError } from '#src/ui/AppError.tsx';
import { PageLoader } from '#src/ui/PageLoader.tsx';
import { invitationStatusNames } from './role-names.ts';
import { TableScroll } from '#src/ui/table/TableScroll.tsx';

/** The tenant's invitations: invitee, status, expiry; pending ones can be revoked, pending and expired ones resent. */
export function InvitationsList({ tenantId }: { tenantId: string }) {
  const { t, i18n } = useLingui();
  const { api } = useRouteContext({ from: '__root__' });
  const invitations = useQuery(invitationQueries.list(api, tenantId));
  const revokeInvitation = useRevokeInvitation();
  const resendInvitation = useResendInvitation();
  const confirmation = useConfirmDialog();

  if (invitations.isPending) return <PageLoader label={t`Loading invitations`} />;
  if (invitations.isError) {
    return <AppError title={t`The invitations did not load`} message={invitations.error.message} onRetry={() => void invitations.refetch()} />;
  }
  if (!invitations.data.length) {
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
      () => revokeInvitation.mutate(invitation.id),
    );

  const resend = (invitation: Invitation) =>
    resendInvitation.mutate(invitation.id, { onSuccess: () => notifications.show({ color: 'green', message: t`Invitation sent` }) });

  return (
    <TableScroll>
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
          {invitations.data.map((invitation) => (
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
    </TableScroll>
  );
}
