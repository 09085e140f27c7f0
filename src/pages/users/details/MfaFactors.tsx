import { ActionIcon, Group, Input, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MfaVerification, TenantUser } from '#schemas/tenant-user.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { useRemoveMfaVerification, userQueries } from '#src/data/users.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { loadingOrError } from '#src/ui/table/ListLoadError.tsx';
import { titleOf } from '#src/ui/users/UserSummary.tsx';

/** The user's MFA factors, each removable after a confirmation naming it; applied at once (users.md §4). */
export function MfaFactors({ user }: { user: TenantUser }) {
  const { t, i18n } = useLingui();
  const users = useTenantQueries(userQueries);
  const factors = useQuery(users.mfaVerifications(user.id));
  const remove = useRemoveMfaVerification(user.id);
  const confirmation = useConfirmDialog();
  const title = titleOf(user);

  const nameOf = (factor: MfaVerification) => {
    switch (factor.type) {
      case 'Totp':
        return t`Authenticator app`;
      case 'WebAuthn':
        return factor.name || factor.agent || t`Passkey`;
      case 'BackupCode':
        return t`Backup codes`;
    }
  };
  const detailOf = (factor: MfaVerification) => {
    if (factor.type === 'BackupCode') return plural(factor.remainCodes ?? 0, { one: '# code left', other: '# codes left' });
    if (factor.lastUsedAt) {
      const lastUsed = i18n.date(factor.lastUsedAt, { dateStyle: 'medium', timeStyle: 'short' });
      return t`Last used ${lastUsed}`;
    }
    return t`Never used`;
  };

  const ask = (factor: MfaVerification) => {
    const name = nameOf(factor);
    confirmation.ask(
      {
        title: t`Remove ${name}`,
        confirmLabel: t`Remove`,
        children: <Text fz="sm">{t`${title} can no longer use ${name} to sign in. If the tenant requires MFA, they set up a factor again at their next sign-in.`}</Text>,
      },
      () => remove.mutate(factor.id),
    );
  };

  const body = () => {
    if (!factors.data) return loadingOrError(factors, 40);
    if (!factors.data.length) {
      return (
        <Text fz="sm" c="dimmed">
          <Trans>No MFA set up.</Trans>
        </Text>
      );
    }
    return (
      <Table aria-label={t`MFA factors`} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Factor`}</Table.Th>
            <Table.Th>{t`Details`}</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>{t`Actions`}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {factors.data.map((factor) => (
            <Table.Tr key={factor.id}>
              <Table.Td>{nameOf(factor)}</Table.Td>
              <Table.Td>
                <Text fz="sm" c="dimmed">
                  {detailOf(factor)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <ActionIcon variant="subtle" color="red" aria-label={t`Remove ${nameOf(factor)}`} onClick={() => ask(factor)}>
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  };

  return (
    <Input.Wrapper label={t`Multi-factor authentication`}>
      {confirmation.dialog}
      <div>{body()}</div>
    </Input.Wrapper>
  );
}
