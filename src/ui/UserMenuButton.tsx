import type { ComponentPropsWithRef } from 'react';
import { Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useLingui } from '@lingui/react/macro';
import { displayNameOf, UserAvatar, type AvatarUser } from './UserAvatar.tsx';

export type UserMenuButtonProps = { user: AvatarUser } & ComponentPropsWithRef<'button'>;

/** The user menu's trigger, named by the user's name, which shows from small screens up. */
export function UserMenuButton({ user, ...props }: UserMenuButtonProps) {
  const { t } = useLingui();
  const name = displayNameOf(user) || t`Account`;
  return (
    <UnstyledButton p={4} {...props}>
      <Group gap="xs" wrap="nowrap">
        <UserAvatar user={user} size="sm" alt="" aria-hidden="true" />
        <Text fz="sm" fw={500} truncate maw={160} visibleFrom="sm" aria-hidden="true">
          {name}
        </Text>
        <VisuallyHidden>{name}</VisuallyHidden>
        <IconChevronDown size={14} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  );
}
