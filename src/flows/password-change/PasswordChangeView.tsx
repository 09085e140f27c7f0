import { useState, type FormEvent } from 'react';
import { Alert, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PasswordChangeError, PasswordChangeEvent, PasswordChangeSnapshot } from '#machines/password-change.machine.ts';
import { Button } from '#src/ui/Button.tsx';
import { FormCard } from '#src/ui/FormCard.tsx';
import { usePasswordRejectionMessages } from '#src/ui/password-messages.ts';

export type PasswordChangeViewProps = {
  state: PasswordChangeSnapshot;
  send: (event: PasswordChangeEvent) => void;
  /** Without a password the page sets the first one. */
  hasPassword: boolean;
  onCancel: () => void;
  /** Verify by a code of the primary e-mail instead (when the user has one). */
  onVerifyByEmail?: () => void;
};

function usePolicyMessage() {
  const { t } = useLingui();
  const messages = usePasswordRejectionMessages();
  return (error: PasswordChangeError) =>
    error.kind === 'failed' ? [error.message] : error.codes.length > 0 ? error.codes.map((code) => messages[code]) : [t`The password does not meet the password policy.`];
}

function ErrorAlert({ error }: { error: PasswordChangeError | undefined }) {
  const policyMessage = usePolicyMessage();
  if (!error) return null;
  return (
    <Alert color="red" role="alert">
      {policyMessage(error).map((message) => (
        <Text fz="sm" key={message}>
          {message}
        </Text>
      ))}
    </Alert>
  );
}

function VerifyPasswordForm({ state, send, onCancel, onVerifyByEmail }: Omit<PasswordChangeViewProps, 'hasPassword'>) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) send({ type: 'SUBMIT', password });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          <Trans>Enter your current password to continue.</Trans>
        </Text>
        <PasswordInput label={t`Current password`} required autoComplete="current-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} data-autofocus />
        <ErrorAlert error={state.context.error} />
        {onVerifyByEmail && (
          <Button variant="subtle" size="compact-sm" onClick={onVerifyByEmail} style={{ alignSelf: 'flex-start' }}>
            <Trans>Use a code sent to your e-mail instead</Trans>
          </Button>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={state.matches('verifying') || state.matches('changePassword')}>
            <Trans>Continue</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ChangePasswordForm({ state, send, onCancel }: Omit<PasswordChangeViewProps, 'hasPassword'>) {
  const { t } = useLingui();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setMismatch(password !== confirmation);
    if (password && password === confirmation) send({ type: 'SUBMIT', password });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <PasswordInput label={t`New password`} required autoComplete="new-password" value={password} onChange={(event) => setPassword(event.currentTarget.value)} />
        <PasswordInput
          label={t`Confirm new password`}
          required
          autoComplete="new-password"
          value={confirmation}
          onChange={(event) => setConfirmation(event.currentTarget.value)}
          error={mismatch ? t`The passwords do not match.` : undefined}
        />
        <ErrorAlert error={state.context.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={state.matches('saving') || state.matches('done') || state.matches('verifyPassword')}>
            <Trans>Save password</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Verify the current password, then choose the new one (spec 01 §4 password change). */
export function PasswordChangeView({ state, send, hasPassword, onCancel, onVerifyByEmail }: PasswordChangeViewProps) {
  const { t } = useLingui();
  // Each route shows its own form: when the flow moves on, the form stays busy until the next route takes over,
  // so nothing is typed into a form that is about to be replaced.
  const verifying = state.context.step === 'verifyPassword';
  const title = verifying ? t`Verify password` : hasPassword ? t`Change password` : t`Set password`;
  return (
    <FormCard title={title}>
      {verifying ? <VerifyPasswordForm state={state} send={send} onCancel={onCancel} onVerifyByEmail={onVerifyByEmail} /> : <ChangePasswordForm state={state} send={send} onCancel={onCancel} />}
    </FormCard>
  );
}
