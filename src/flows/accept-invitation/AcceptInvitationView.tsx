import type { ReactNode } from 'react';
import { Center, Stack, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AcceptInvitationEvent, AcceptInvitationSnapshot } from '#machines/accept-invitation.machine.ts';
import { useConfig } from '#src/config.ts';
import { AppError } from '#src/ui/AppError.tsx';
import { Button } from '#src/ui/Button.tsx';
import { LinkButton } from '#src/ui/LinkButton.tsx';
import { PageLoader } from '#src/ui/PageLoader.tsx';
import { usePageTitle } from '#src/ui/usePageTitle.ts';

export type AcceptInvitationViewProps = {
  state: AcceptInvitationSnapshot;
  send: (event: AcceptInvitationEvent) => void;
};

function Message({ title, children, action }: { title: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Center mih="60dvh" p="xl">
      <Stack align="center" maw={560} gap="md">
        <Title order={1} fz="h2" ta="center">
          {title}
        </Title>
        <Text c="dimmed" ta="center">
          {children}
        </Text>
        {action ?? (
          <LinkButton to="/" variant="default">
            <Trans>Go to the console</Trans>
          </LinkButton>
        )}
      </Stack>
    </Center>
  );
}

/** What the invitation link shows in each state: a loader while it loads and accepts, else why it cannot be accepted. */
export function AcceptInvitationView({ state, send }: AcceptInvitationViewProps) {
  const { t } = useLingui();
  const { isDevMode } = useConfig();
  usePageTitle(t`Accept invitation`);
  const retry = () => send({ type: 'RETRY' });

  if (state.matches('emailMismatch')) {
    return (
      <Message
        title={<Trans>This invitation was sent to another account</Trans>}
        action={<Button onClick={() => send({ type: 'SWITCH_ACCOUNT' })}>{t`Switch account`}</Button>}
      >
        <Trans>Sign in with the account of the e-mail address the invitation was sent to, then open the link again.</Trans>
      </Message>
    );
  }
  if (state.matches('notFound')) {
    return (
      <Message title={<Trans>Invitation not found</Trans>}>
        <Trans>The link may be incomplete, or the invitation was deleted.</Trans>
      </Message>
    );
  }
  if (state.matches('invalidStatus')) {
    return (
      <Message title={<Trans>Invalid invitation status</Trans>}>
        <Trans>This invitation is no longer pending: it was already accepted, revoked, or it expired.</Trans>
      </Message>
    );
  }
  if (state.matches('error') || state.matches('tenantsError')) {
    const { error } = state.context;
    return (
      <AppError
        title={state.matches('tenantsError') ? t`You joined the tenant, but the tenant list did not load` : undefined}
        code={isDevMode ? error?.code : undefined}
        message={error?.message}
        onRetry={retry}
      />
    );
  }
  return <PageLoader label={state.matches('switchingAccount') ? t`Switching account` : t`Accepting the invitation`} />;
}
