import { Center, Loader, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { Logo } from './Logo.tsx';

/** Shown until the user is signed in and the tenants are loaded. */
export function LoadingScreen() {
  const { t } = useLingui();
  return (
    <Center h="100dvh" role="status" aria-label={t`Loading`}>
      <Stack align="center" gap="lg">
        <Logo size={40} />
        <Loader size="sm" type="dots" />
      </Stack>
    </Center>
  );
}
