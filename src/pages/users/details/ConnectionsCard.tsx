import { ActionIcon, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconTrash } from '@tabler/icons-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TenantUser } from '#schemas/tenant-user.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { userQueries, useRemoveIdentity } from '#src/data/users.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { CopyableId } from '#src/ui/detail/CopyableId.tsx';
import { FormSection } from '#src/ui/form/FormSection.tsx';
import { loadingOrError } from '#src/ui/table/ListLoadError.tsx';
import { titleOf } from '#src/ui/users/UserSummary.tsx';

/** The user's social identities, each removable, and their enterprise SSO identities (users.md §4, card Connections). */
export function ConnectionsCard({ user }: { user: TenantUser }) {
  const { t } = useLingui();
  const users = useTenantQueries(userQueries);
  const identities = useQuery(users.identities(user.id));
  const remove = useRemoveIdentity(user.id);
  const confirmation = useConfirmDialog();
  const title = titleOf(user);

  const ask = (target: string) =>
    confirmation.ask(
      {
        title: t`Remove connection`,
        confirmLabel: t`Remove`,
        children: <Text fz="sm">{t`${title} can no longer sign in with ${target}. Signing in with it again creates or links an account as the sign-in experience says.`}</Text>,
      },
      () => remove.mutate(target),
    );

  const body = () => {
    if (!identities.data) return loadingOrError(identities, 40);
    const { socialIdentities, ssoIdentities } = identities.data;
    if (!socialIdentities.length && !ssoIdentities.length) {
      return (
        <Text fz="sm" c="dimmed">
          <Trans>No connections. The user has not signed in with a social or enterprise SSO account.</Trans>
        </Text>
      );
    }
    return (
      <Table aria-label={t`Connections`} verticalSpacing="xs" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Connector`}</Table.Th>
            <Table.Th>{t`User ID at the provider`}</Table.Th>
            <Table.Th w={56}>
              <VisuallyHidden>{t`Actions`}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {socialIdentities.map(({ target, identity }) => (
            <Table.Tr key={`social:${target}`}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{target}</Table.Td>
              <Table.Td>
                <CopyableId label={t`User ID at ${target}`} value={identity.userId} />
              </Table.Td>
              <Table.Td>
                <Group justify="flex-end">
                  <ActionIcon variant="subtle" color="red" aria-label={t`Remove ${target}`} onClick={() => ask(target)}>
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {ssoIdentities.map(({ ssoConnectorId, identityId, issuer }) => (
            <Table.Tr key={`sso:${ssoConnectorId}`}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Trans>Enterprise SSO: {issuer}</Trans>
              </Table.Td>
              <Table.Td>
                <CopyableId label={t`User ID at ${issuer}`} value={identityId} />
              </Table.Td>
              <Table.Td />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  };

  return (
    <FormSection title={t`Connections`}>
      {confirmation.dialog}
      {body()}
    </FormSection>
  );
}
