import { useState, type FormEvent } from 'react';
import { Alert, Group, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EmailChangeEvent, EmailChangeSnapshot } from '#machines/email-change.machine.ts';
import { verificationCodeLength } from '#schemas/profile.ts';
import { emailPattern } from '#schemas/user.ts';
import { Button } from '#src/ui/Button.tsx';
import { FormCard } from '#src/ui/FormCard.tsx';

export type EmailChangeViewProps = {
  state: EmailChangeSnapshot;
  send: (event: EmailChangeEvent) => void;
  onCancel: () => void;
};

function Actions({ busy, submit, onCancel }: { busy: boolean; submit: string; onCancel: () => void }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </Button>
      <Button type="submit" loading={busy}>
        {submit}
      </Button>
    </Group>
  );
}

function LinkEmailForm({ state, send, onCancel }: EmailChangeViewProps) {
  const { t } = useLingui();
  const [email, setEmail] = useState(state.context.email ?? '');
  const [invalid, setInvalid] = useState(false);
  // Verifying by a code of the primary e-mail instead of the password (spec 01 §4 password change).
  const forPassword = state.context.action === 'changePassword';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    setInvalid(!emailPattern.test(value));
    if (emailPattern.test(value)) send({ type: 'SUBMIT_EMAIL', email: value });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {forPassword ? (
          <TextInput
            label={t`Primary e-mail`}
            description={t`A code goes to this address. With it you can set a new password.`}
            type="email"
            readOnly
            value={email}
          />
        ) : (
          <TextInput
            label={t`New e-mail`}
            type="email"
            required
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            error={invalid ? t`Enter a valid e-mail address.` : undefined}
          />
        )}
        {state.context.error && (
          <Alert color="red" role="alert">
            {state.context.error}
          </Alert>
        )}
        <Actions busy={state.matches('sending') || state.matches('verificationCode')} submit={t`Send code`} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function VerificationCodeForm({ state, send, onCancel }: EmailChangeViewProps) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const email = state.context.email ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.length === verificationCodeLength) send({ type: 'SUBMIT_CODE', code });
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="md">
        <Text fz="sm">
          <Trans>We sent a code to {email}.</Trans>
        </Text>
        <TextInput
          label={t`Verification code`}
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={verificationCodeLength}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value.replace(/\D/g, ''))}
        />
        {state.context.error && (
          <Alert color="red" role="alert">
            {state.context.error}
          </Alert>
        )}
        <Group gap="xs">
          <Button variant="subtle" size="compact-sm" loading={state.matches('resending')} onClick={() => send({ type: 'RESEND' })}>
            <Trans>Send a new code</Trans>
          </Button>
          <Text fz="sm" c="dimmed" role="status">
            {state.context.resent ? t`A new code is on its way; the earlier ones no longer work.` : ''}
          </Text>
        </Group>
        <Actions busy={state.matches('verifying') || state.matches('settingEmail') || state.matches('done')} submit={t`Verify`} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

/** A new e-mail, then the code sent to it (spec 01 §4, §5 navigation state). */
export function EmailChangeView(props: EmailChangeViewProps) {
  const { t } = useLingui();
  const { state } = props;
  // On link-email the code form never shows: once the code is sent, the form stays busy until the code page takes over,
  // so nothing is typed into a form that is about to be replaced. The code page itself may start over at link-email.
  const entering = state.matches('start') || state.matches('linkEmail') || state.matches('sending') || state.context.step === 'linkEmail';
  return (
    <FormCard title={!entering ? t`Verification code` : state.context.action === 'changePassword' ? t`Verify by e-mail` : t`Link e-mail`}>
      {entering ? <LinkEmailForm {...props} /> : <VerificationCodeForm {...props} />}
    </FormCard>
  );
}
