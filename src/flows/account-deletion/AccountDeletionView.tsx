import { Group, List, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AccountDeletionEvent, AccountDeletionSnapshot } from '#machines/account-deletion.machine.ts';
import type { AccountDeletionBlocker } from '#schemas/profile.ts';
import { Button } from '#src/ui/Button.tsx';
import { ConfirmDialog } from '#src/ui/confirm-dialog/ConfirmDialog.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';
import { ProgressDialog } from '#src/ui/ProgressDialog.tsx';

export type AccountDeletionViewProps = {
  state: AccountDeletionSnapshot;
  send: (event: AccountDeletionEvent) => void;
};

/** The Delete account button and its dialogs: blockers, confirmation, final confirmation, deleting, failure. */
export function AccountDeletionView({ state, send }: AccountDeletionViewProps) {
  const { t } = useLingui();
  const blockerLabels: Record<AccountDeletionBlocker, string> = {
    paid_plan: t`It is on a paid plan. Downgrade it to the Free plan first.`,
    subscription_not_active: t`Its subscription is not active.`,
    open_invoices: t`It has open invoices. Pay them first.`,
  };
  const close = () => send({ type: 'CLOSE' });
  const answer = (result: 'confirmed' | 'cancelled') => send({ type: result === 'confirmed' ? 'CONFIRM' : 'CANCEL' });
  const { blocked, failure } = state.context;
  const requestId = failure?.requestId;
  return (
    <>
      <Button
        color="red"
        variant="outline"
        loading={state.matches('checkingEligibility') || state.matches('deleting') || state.matches('signedOut')}
        onClick={() => send({ type: 'DELETE' })}
      >
        <Trans>Delete account</Trans>
      </Button>
      <Dialog
        opened={state.matches('blocked')}
        onClose={close}
        title={t`Your account cannot be deleted yet`}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            <Trans>These tenants you administer must be settled first:</Trans>
          </Text>
          {blocked.map((tenant) => (
            <Stack key={tenant.tenantId} gap={4} component="section" aria-label={tenant.tenantName}>
              <Text fz="sm" fw={600}>
                {tenant.tenantName}
              </Text>
              <List fz="sm" spacing={2}>
                {tenant.blockers.map((blocker) => (
                  <List.Item key={blocker}>{blockerLabels[blocker]}</List.Item>
                ))}
              </List>
            </Stack>
          ))}
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              <Trans>Got it</Trans>
            </Button>
          </Group>
        </Stack>
      </Dialog>
      {state.matches('confirming') && (
        <ConfirmDialog key="confirming" title={t`Delete account?`} confirmLabel={t`Continue`} onResult={answer}>
          <Text fz="sm">
            <Trans>The tenants you administer are deleted with all their data, and you are removed from the other tenants.</Trans>
          </Text>
        </ConfirmDialog>
      )}
      {state.matches('finalConfirming') && (
        <ConfirmDialog key="finalConfirming" title={t`Delete your account permanently?`} confirmLabel={t`Delete account`} onResult={answer}>
          <Text fz="sm">
            <Trans>This cannot be undone. You will be signed out and cannot sign in with this account again.</Trans>
          </Text>
        </ConfirmDialog>
      )}
      <ProgressDialog opened={state.matches('deleting')} title={t`Deleting your account`}>
        <Trans>Deleting your account…</Trans>
      </ProgressDialog>
      <Dialog
        opened={state.matches('failed')}
        onClose={close}
        title={t`Account deletion failed`}
        withCloseButton={false}
        centered
      >
        <Stack gap="sm">
          <Text fz="sm">{failure?.message}</Text>
          {requestId && (
            <Text fz="sm">
              <Trans>Request ID: {requestId}</Trans>
            </Text>
          )}
          <Text fz="sm" c="dimmed">
            <Trans>Please try again later. If it keeps failing, contact support with the request ID.</Trans>
          </Text>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              <Trans>Close</Trans>
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </>
  );
}
