import { useState } from 'react';
import { ActionIcon, Group, Input, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconEyeOff, IconRefresh } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Hook } from '#schemas/webhook.ts';
import { useRegenerateSigningKey } from '#src/data/webhooks.ts';
import { Button } from '#src/ui/Button.tsx';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';

/** The hook's signing key, masked until shown, to copy; Regenerate asks first, as old signatures stop verifying at once. */
export function SigningKeyField({ hook }: { hook: Hook }) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const regenerate = useRegenerateSigningKey(hook.id);
  const confirmation = useConfirmDialog();
  const label = t`Signing key`;

  const askRegenerate = () =>
    confirmation.ask(
      {
        title: t`Regenerate signing key`,
        confirmLabel: t`Regenerate`,
        children: <Text fz="sm">{t`Requests are signed with the new key at once, and signatures made with the current one stop verifying. Update your endpoint with the new key.`}</Text>,
      },
      () =>
        void regenerate.mutateAsync().then(
          () => {
            setShown(true);
            notifications.show({ color: 'green', message: t`Signing key regenerated` });
          },
          () => {},
        ),
    );

  return (
    <Input.Wrapper label={label} description={t`Verify the webhook-signature header of each request with this key.`}>
      {confirmation.dialog}
      <Group gap="xs" mt={6} wrap="wrap">
        <Group gap={4} wrap="nowrap" miw={0} data-testid="signing-key">
          {shown ? (
            <CopyableId label={label} value={hook.signingKey} wrap />
          ) : (
            <Text fz="sm" ff="monospace" c="dimmed" aria-label={t`Signing key, hidden`}>
              ••••••••••••••••
            </Text>
          )}
          <ActionIcon variant="subtle" color="gray" size="sm" aria-label={shown ? t`Hide signing key` : t`Show signing key`} aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? <IconEyeOff size={14} aria-hidden="true" /> : <IconEye size={14} aria-hidden="true" />}
          </ActionIcon>
        </Group>
        <Button variant="default" size="xs" leftSection={<IconRefresh size={14} aria-hidden="true" />} loading={regenerate.isPending} onClick={askRegenerate}>
          <Trans>Regenerate</Trans>
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
