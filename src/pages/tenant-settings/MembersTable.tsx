import { Badge, Button, Group, Select, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TenantMember } from '#schemas/member.ts';
import { tenantRoleNames } from '#schemas/member.ts';
import { useRemoveMember, useUpdateMemberRole } from '#src/data/members.ts';
import { useConfirmDialog } from '#src/ui/confirm-dialog/useConfirmDialog.tsx';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { usePreferences } from '#src/preferences/hooks.ts';
import { isTenantRole, roleNames } from './role-names.ts';
import { TableScroll } from '#src/ui/table/TableScroll.tsx';

export const memberName = (member: Pick<TenantMember, 'id' | 'name' | 'username' | 'primaryEmail'>) =>
  member.name ?? member.username ?? member.primaryEmail ?? member.id;

/** The tenant's members: name, e-mail and role; change-role and remove for members whose access allows them. */
export function MembersTable({ members }: { members: TenantMember[] }) {
  const { t, i18n } = useLingui();
  const updateRole = useUpdateMemberRole();
  const removeMember = useRemoveMember();
  const { canUpdateMemberRole, canRemoveMember } = useTenantAccess();
  const selfId = usePreferences().me?.id;
  const hasActions = canUpdateMemberRole || canRemoveMember;

  const confirmation = useConfirmDialog();
  const confirmRemove = (member: TenantMember) => {
    const name = memberName(member);
    confirmation.ask(
      { title: t`Remove member`, confirmLabel: t`Remove`, children: <Text fz="sm">{t`${name} will no longer have access to this tenant.`}</Text> },
      () => removeMember.mutate(member.id),
    );
  };

  if (!members.length) {
    return (
      <Text c="dimmed">
        <Trans>This tenant has no members.</Trans>
      </Text>
    );
  }
  return (
    <TableScroll>
      {confirmation.dialog}
      <Table verticalSpacing="sm" aria-label={t`Members`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t`Name`}</Table.Th>
            <Table.Th>{t`E-mail`}</Table.Th>
            <Table.Th>{t`Role`}</Table.Th>
            {hasActions && <Table.Th>{t`Actions`}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => {
            const name = memberName(member);
            const isSelf = member.id === selfId;
            return (
              <Table.Tr key={member.id}>
                <Table.Td>
                  <Group gap="xs">
                    <Text fz="sm">{name}</Text>
                    {isSelf && (
                      <Badge variant="outline" size="xs" tt="none">
                        <Trans>You</Trans>
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{member.primaryEmail ?? '—'}</Table.Td>
                <Table.Td>
                  {canUpdateMemberRole && !isSelf ? (
                    <Select
                      aria-label={t`Role of ${name}`}
                      data={tenantRoleNames.map((value) => ({ value, label: i18n._(roleNames[value]) }))}
                      value={member.role}
                      onChange={(value) => isTenantRole(value) && value !== member.role && updateRole.mutate({ userId: member.id, role: value })}
                      allowDeselect={false}
                      w={170}
                    />
                  ) : (
                    i18n._(roleNames[member.role])
                  )}
                </Table.Td>
                {hasActions && (
                  <Table.Td>
                    {canRemoveMember && !isSelf && (
                      <Button variant="subtle" color="red" size="xs" aria-label={t`Remove ${name}`} onClick={() => confirmRemove(member)}>
                        <Trans>Remove</Trans>
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </TableScroll>
  );
}
