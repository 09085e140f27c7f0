import { ThemeIcon } from '@mantine/core';
import { IconRobot, IconUserShield } from '@tabler/icons-react';
import type { Role } from '#schemas/role.ts';

/** A role's icon, by its type. */
export function RoleIcon({ role, size = 'md' }: { role: Pick<Role, 'type'>; size?: 'md' | 'xl' }) {
  const Icon = role.type === 'User' ? IconUserShield : IconRobot;
  return (
    <ThemeIcon variant="light" size={size} radius="md" aria-hidden="true">
      <Icon size={size === 'xl' ? 24 : 16} />
    </ThemeIcon>
  );
}
