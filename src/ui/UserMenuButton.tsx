import type { ComponentPropsWithRef } from 'react';
import { Avatar, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

export type UserMenuButtonProps = { user: { name: string; avatar?: string | null } } & ComponentPropsWithRef<'button'>;

/** The user menu's trigger, named by the user's name, which shows from small screens up. */
export function UserMenuButton({ user, ...props }: UserMenuButtonProps) {
  return (
    <UnstyledButton p={4} {...props}>
      <Group gap="xs" wrap="nowrap">
        <Avatar src={user.avatar ?? undefined} name={user.name} color="violet.8" variant="filled" size="sm" alt="" aria-hidden="true" />
        <Text fz="sm" fw={500} truncate maw={160} visibleFrom="sm" aria-hidden="true">
          {user.name}
        </Text>
        <VisuallyHidden>{user.name}</VisuallyHidden>
        <IconChevronDown size={14} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}
