import { useState, type FormEvent } from 'react';
import { Group, Select, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useRouter } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { invitationFailedToastDuration, type TenantRole } from '#schemas/constants.ts';
import { tenantRoleNames } from '#schemas/member.ts';
import { exceededQuotaKeysOf, type QuotaKey } from '#schemas/quota.ts';
import { ApiError } from '#src/api/errors.ts';
import { useCreateInvitations } from '#src/data/invitations.ts';
import { Button } from '#src/ui/Button.tsx';
import { EmailTagInput } from '#src/ui/EmailTagInput.tsx';
import { QuotaExceededNotice } from '#src/ui/notices/QuotaExceededNotice.tsx';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { isTenantRole, roleNames } from './role-names.ts';
import { Dialog } from '#src/ui/Dialog.tsx';

export type InviteMembersModalProps = { tenantId: string; opened: boolean; onClose: () => void };

/**
 * Invites e-mail addresses with a role; 'Invitation sent' or 'Invitation failed' (5 s), nothing typed is lost on
 * failure. A plan whose tenant-member quota is reached says so inline instead, with the plan.
 */
export function InviteMembersModal({ tenantId, opened, onClose }: InviteMembersModalProps) {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const createInvitations = useCreateInvitations({ handles: 'every' });
  const [emails, setEmails] = useState<string[]>([]);
  const [role, setRole] = useState<TenantRole>('collaborator');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [exceeded, setExceeded] = useState<QuotaKey[]>();
  const { planId } = useCurrentTenant();

  const close = () => {
    setEmails([]);
    setRole('collaborator');
    setError(undefined);
    setExceeded(undefined);
    onClose();
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!emails.length) {
      setError(t`Enter at least one e-mail address.`);
      return;
    }
    setError(undefined);
    setExceeded(undefined);
    setSending(true);
    try {
      await createInvitations.mutateAsync({ invitee: emails, roleName: role });
      notifications.show({ color: 'green', message: t`Invitation sent` });
      close();
      await router.navigate({ to: '/$tenantId/tenant-settings/members/invitations', params: { tenantId } });
    } catch (failure) {
      const quotaKeys = exceededQuotaKeysOf(failure);
      if (quotaKeys) {
        setExceeded(quotaKeys);
        return;
      }
      notifications.show({
        color: 'red',
        title: t`Invitation failed`,
        message: failure instanceof ApiError ? failure.message : undefined,
        autoClose: invitationFailedToastDuration,
      });
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog opened={opened} onClose={close} title={t`Invite members`} centered size="lg">
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          {exceeded && (
            <QuotaExceededNotice keys={exceeded} planId={planId} hint={<Trans>Upgrade the plan to invite more members.</Trans>} />
          )}
          <EmailTagInput
            label={t`E-mail addresses`}
            description={t`Type an address, then space or Enter.`}
            value={emails}
            onChange={(next) => {
              setEmails(next);
              setError(undefined);
            }}
            error={error}
          />
          <Select
            label={t`Role`}
            data={tenantRoleNames.map((value) => ({ value, label: i18n._(roleNames[value]) }))}
            value={role}
            onChange={(value) => isTenantRole(value) && setRole(value)}
            allowDeselect={false}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" loading={sending}>
              <Trans>Invite</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
