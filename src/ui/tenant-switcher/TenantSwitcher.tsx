import { Box, Group, Menu, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { Invitation } from '#schemas/invitation.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { TenantTagBadge } from '../TenantTagBadge.tsx';
import { TenantStatusBadge } from './TenantStatusBadge.tsx';
import { TenantSwitcherButton } from './TenantSwitcherButton.tsx';

export type TenantSwitcherProps = {
  tenants: Tenant[];
  currentTenantId?: string;
  /** The signed-in user's pending invitations. */
  invitations: Pick<Invitation, 'id' | 'tenantName' | 'tenantTag'>[];
  onSelect: (tenantId: string) => void;
  onJoin: (invitationId: string) => void;
  onCreate: () => void;
  /** Open from the start (asked for before its code had loaded). */
  defaultOpened?: boolean;
};

/**
 * The tenant switcher of the cloud top bar (spec 01 §2): the current tenant with its environment tag and a red dot for
 * pending invitations; the menu lists the tenants (check mark on the current one, status tags), the invitations to
 * join, and creating a tenant.
 */
export function TenantSwitcher({ tenants, currentTenantId, invitations, onSelect, onJoin, onCreate, defaultOpened }: TenantSwitcherProps) {
  const { t } = useLingui();
  const current = tenants.find(({ id }) => id === currentTenantId);
  const pending = invitations.length > 0;

  // hideDetached: the top bar never scrolls away (and without layout, as in jsdom, the menu would count as detached).
  return (
    <Menu position="bottom-start" width={320} zIndex={103} withInitialFocusPlaceholder={false} defaultOpened={defaultOpened} hideDetached={false}>
      <Menu.Target>
        <TenantSwitcherButton current={current} pending={pending} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t`Tenants`}</Menu.Label>
        {tenants.map((tenant) => {
          const isCurrent = tenant.id === currentTenantId;
          return (
            <Menu.Item
              key={tenant.id}
              onClick={() => !isCurrent && onSelect(tenant.id)}
              aria-current={isCurrent ? 'true' : undefined}
              leftSection={<Box w={16}>{isCurrent && <IconCheck size={16} aria-label={t`Current tenant`} />}</Box>}
            >
              <Stack gap={2}>
                <Text fz="sm" truncate>
                  {tenant.name}
                </Text>
                <Group gap={4}>
                  <TenantTagBadge tag={tenant.tag} size="xs" />
                  <TenantStatusBadge tenant={tenant} />
                </Group>
              </Stack>
            </Menu.Item>
          );
        })}
        {pending && (
          <>
            <Menu.Divider />
            <Menu.Label>{t`Invitations`}</Menu.Label>
            {invitations.map((invitation) => (
              <Menu.Item
                key={invitation.id}
                onClick={() => onJoin(invitation.id)}
                rightSection={<TenantTagBadge tag={invitation.tenantTag} size="xs" />}
              >
                <Text fz="sm" truncate>
                  {t`Join ${invitation.tenantName}`}
                </Text>
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        <Menu.Item leftSection={<IconPlus size={16} />} onClick={onCreate}>
          {t`Create tenant`}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
