import type { ComponentPropsWithRef } from 'react';
import { Group, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { Tenant } from '../../../schemas/tenant.ts';
import { TenantTagBadge } from '../TenantTagBadge.tsx';

export type TenantSwitcherButtonProps = {
  current?: Pick<Tenant, 'name' | 'tag'>;
  /** The user has invitations to join other tenants: a red dot. */
  pending: boolean;
} & ComponentPropsWithRef<'button'>;

/**
 * The tenant switcher's trigger, named by what it shows, with the hidden parts a sighted user gets from the layout and
 * the red dot.
 */
export function TenantSwitcherButton({ current, pending, ...props }: TenantSwitcherButtonProps) {
  const { t } = useLingui();
  return (
    <UnstyledButton px="sm" py={6} maw="100%" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }} {...props}>
      <Indicator disabled={!pending} color="red" size={8} offset={-2}>
        <Group gap="xs" wrap="nowrap">
          {current && <VisuallyHidden>{t`Current tenant:`} </VisuallyHidden>}
          {/* On a phone the switcher has a row of its own (TopBar), and the name all of it. */}
          <Text fw={600} fz="sm" truncate maw={{ base: 'none', sm: 200 }}>
            {current?.name ?? t`Select a tenant`}
          </Text>
          {current && <TenantTagBadge tag={current.tag} />}
          {pending && <VisuallyHidden>{t`, pending invitations`}</VisuallyHidden>}
          <IconSelector size={16} aria-hidden="true" />
        </Group>
      </Indicator>
    </UnstyledButton>
  );
}
