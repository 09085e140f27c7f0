import { Alert, Group, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CreatedApplicationSecret } from '#schemas/application.ts';
import { Button } from '#src/ui/Button.tsx';
import { CodeBlock } from '#src/ui/CodeBlock.tsx';
import { useSecretName } from './secret-name.ts';

/** A new secret's value, shown this once: it is stored hashed, so no page can show it again. */
export function SecretOnce({ secret, onDone }: { secret: CreatedApplicationSecret; onDone: () => void }) {
  const { t } = useLingui();
  const nameOf = useSecretName();
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />} title={t`Copy the secret now`}>
        <Trans>You will not see it again: it is stored hashed. If you lose it, create another secret and delete this one.</Trans>
      </Alert>
      <CodeBlock label={t`Secret ${nameOf(secret.name)}`} code={secret.value} />
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          <Trans>I have copied it</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
