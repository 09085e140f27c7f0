import { useState } from 'react';
import { Group, Input, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { CreatedUser, TenantUser } from '#schemas/tenant-user.ts';
import { useGeneratePassword } from '#src/data/users.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { Button } from '#src/ui/Button.tsx';
import { NewPasswordDialog } from '../NewPasswordDialog.tsx';
import { titleOf } from '#src/ui/users/UserSummary.tsx';

/**
 * Whether the user has a password, and Reset (or Generate): after a confirmation the server sets a new generated one,
 * shown once. It is saved at once, not through the save bar (users.md §4).
 */
export function PasswordField({ user }: { user: TenantUser }) {
  const { t } = useLingui();
  const generate = useGeneratePassword(user.id);
  const confirmation = useConfirmDialog();
  const [generated, setGenerated] = useState<CreatedUser>();
  const title = titleOf(user);

  const ask = () =>
    confirmation.ask(
      user.hasPassword
        ? {
            title: t`Reset password`,
            confirmLabel: t`Reset`,
            children: <Text fz="sm">{t`${title} gets a new generated password; the current one and their other sessions stop working at once.`}</Text>,
          }
        : { title: t`Generate password`, confirmLabel: t`Generate`, children: <Text fz="sm">{t`${title} gets a generated password to sign in with.`}</Text> },
      () => void generate.mutateAsync().then(setGenerated, () => {}),
    );

  return (
    <Input.Wrapper label={t`Password`}>
      {confirmation.dialog}
      <Group gap="sm" mt={4}>
        <Text fz="sm">{user.hasPassword ? t`Set` : t`Not set`}</Text>
        <Button size="xs" variant="default" leftSection={<IconKey size={14} aria-hidden="true" />} loading={generate.isPending} onClick={ask}>
          {user.hasPassword ? t`Reset` : t`Generate`}
        </Button>
      </Group>
      {generated && (
        <NewPasswordDialog title={user.hasPassword ? t`Password reset` : t`Password generated`} user={generated} onClose={() => setGenerated(undefined)} />
      )}
    </Input.Wrapper>
  );
}
