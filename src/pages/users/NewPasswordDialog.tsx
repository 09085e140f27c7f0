import { useState, type ReactNode } from 'react';
import { ActionIcon, Alert, CopyButton, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconEye, IconEyeOff } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CreatedUser } from '#schemas/tenant-user.ts';
import { Button } from '#src/ui/Button.tsx';
import { Dialog } from '#src/ui/Dialog.tsx';

export type NewPasswordDialogProps = {
  title: string;
  /** The user as the server answered, with the generated password. */
  user: CreatedUser;
  onClose: () => void;
  /** Buttons beside Copy ("Check user details"). */
  actions?: ReactNode;
};

const mask = '••••••••••••••••';

/**
 * A user's identifiers and the password the server generated (users.md §3): shown this once, masked until shown, and
 * copied as `Email: … / Phone: … / Username: … / Password: …` lines.
 */
export function NewPasswordDialog({ title, user, onClose, actions }: NewPasswordDialogProps) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  const password = user.password ?? '';
  // Shown with the forms' labels, copied as users.md §3 writes the lines.
  const rows = [
    { label: t`E-mail`, line: t`Email`, value: user.primaryEmail },
    { label: t`Phone number`, line: t`Phone`, value: user.primaryPhone },
    { label: t`Username`, line: t`Username`, value: user.username },
  ].filter((row): row is { label: string; line: string; value: string } => Boolean(row.value));
  const passwordLabel = t`Password`;
  const copyText = [...rows, { line: passwordLabel, value: password }].map(({ line, value }) => `${line}: ${value}`).join('\n');

  return (
    <Dialog opened onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          <Trans>Copy the password now and give it to the user safely: it is shown only this once.</Trans>
        </Alert>
        <Table variant="vertical" layout="fixed" withTableBorder>
          <Table.Tbody>
            {rows.map(({ label, value }) => (
              <Table.Tr key={label}>
                <Table.Th w={120}>{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Th w={120}>{passwordLabel}</Table.Th>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="space-between">
                  <Text fz="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {shown ? password : mask}
                  </Text>
                  <ActionIcon variant="subtle" color="gray" size="sm" aria-label={t`Show password`} aria-pressed={shown} onClick={() => setShown(!shown)}>
                    {shown ? <IconEyeOff size={14} aria-hidden="true" /> : <IconEye size={14} aria-hidden="true" />}
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <CopyButton value={copyText}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />} onClick={copy}>
                {copied ? t`Copied` : t`Copy`}
              </Button>
            )}
          </CopyButton>
          {actions ?? (
            <Button onClick={onClose} data-autofocus>
              <Trans>Done</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Dialog>
  );
}
