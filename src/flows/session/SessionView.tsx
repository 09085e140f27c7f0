import type { ReactNode } from 'react';
import { Center, Stack, Text, Title } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import type { SessionEvent, SessionSnapshot } from '#machines/session.machine.ts';
import { useConfig } from '#src/config.ts';
import { AppError } from '#src/ui/AppError.tsx';
import { LoadingScreen } from '#src/ui/LoadingScreen.tsx';
import { Logo } from '#src/ui/Logo.tsx';

export type SessionViewProps = {
  state: SessionSnapshot;
  send: (event: SessionEvent) => void;
  children: ReactNode;
};

/** What the console shows for each state of the session: the logo while loading, the console once ready. */
export function SessionView({ state, send, children }: SessionViewProps) {
  const { isDevMode } = useConfig();
  if (state.matches('ready')) return <>{children}</>;
  if (state.matches('insecureContext')) return <InsecureContext />;
  if (state.matches('error')) {
    const { error } = state.context;
    return <AppError code={isDevMode ? error?.code : undefined} message={error?.message} onRetry={() => send({ type: 'RETRY' })} />;
  }
  return <LoadingScreen />;
}

function InsecureContext() {
  return (
    <Center h="100dvh" p="xl">
      <Stack align="center" maw={560} gap="md" role="alert">
        <Logo size={40} />
        <Title order={1} fz="h2" ta="center">
          <Trans>This page needs a secure connection</Trans>
        </Title>
        <Text c="dimmed" ta="center">
          <Trans>
            The browser does not offer its cryptography features here. Open the console over HTTPS, or on localhost.
          </Trans>
        </Text>
      </Stack>
    </Center>
  );
}
