import { useId, type ComponentPropsWithRef } from 'react';
import { Group, Indicator, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconSelector } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import type { Tenant } from '#schemas/tenant.ts';
import { TenantTagBadge } from '../TenantTagBadge.tsx';

export type TenantSwitcherButtonProps = {
  current?: Pick<Tenant, 'name' | 'tag'>;
  /** The user has invitations to join other tenants: a red dot. */
  pending: boolean;
} & ComponentPropsWithRef<'button'>;

/**
 * The tenant switcher's trigger, named by what it shows with the hidden part a sighted user gets from the layout; the
 * red dot is its description, a sentence of its own in every language rather than a piece glued to the name.
 */
export function TenantSwitcherButton({ current, pending, ...props }: TenantSwitcherButtonProps) {
  const { t } = useLingui();
  const pendingId = useId();
  return (
    <UnstyledButton
      px="sm"
      py={6}
      maw="100%"
      style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
      aria-describedby={pending ? pendingId : undefined}
      {...props}
    >
      <Indicator disabled={!pending} color="red" size={8} offset={-2}>
        <Group gap="xs" wrap="nowrap">
          {current && <VisuallyHidden>{t`Current tenant:`} </VisuallyHidden>}
          {/* On a phone the switcher has a row of its own (TopBar), and the name all of it. */}
          <Text fw={600} fz="sm" truncate maw={{ base: 'none', sm: 200 }}>
            {current?.name ?? t`Select a tenant`}
          </Text>
          {current && <TenantTagBadge tag={current.tag} />}
          {/* Hidden from the name; read as the description it is referenced by. */}
          {pending && (
            <span id={pendingId} hidden>
              {t`Pending invitations`}
            </span>
          )}
          <IconSelector size={16} aria-hidden="true" />
        </Group>
      </Indicator>
    </UnstyledButton>
  );
}
