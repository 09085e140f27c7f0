import type { ReactNode } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { userSubtitle, userTitle, type TenantUser } from '#schemas/tenant-user.ts';
import { UserAvatar } from '../UserAvatar.tsx';
import { withWordBreaks } from '../word-breaks.tsx';

/** What every user row and header shows of a user; the list's rows have all of it, a role's users may lack some. */
export type UserLike = Pick<TenantUser, 'id' | 'name' | 'username' | 'primaryEmail' | 'avatar'> &
  Partial<Pick<TenantUser, 'primaryPhone' | 'isSuspended'>>;

/** users.md §1: name, else username, e-mail or phone, else "Unnamed". */
export const titleOf = (user: UserLike) => userTitle({ ...user, primaryPhone: user.primaryPhone ?? null }) ?? t`Unnamed`;
export const subtitleOf = (user: UserLike) => userSubtitle({ ...user, primaryPhone: user.primaryPhone ?? null });

export function SuspendedTag() {
  return (
    <Badge color="red" variant="light" size="sm">
      <Trans context="user">Suspended</Trans>
    </Badge>
  );
}

/** A user in a row: avatar, title (a link, in tables), the subtitle under a name, and the Suspended tag. */
export function UserSummary({ user, title }: { user: UserLike; title?: ReactNode }) {
  const subtitle = subtitleOf(user);
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <UserAvatar user={user} size="md" radius="xl" />
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap">
          {title ?? (
            <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {withWordBreaks(titleOf(user))}
            </Text>
          )}
          {user.isSuspended && <SuspendedTag />}
        </Group>
        {subtitle && (
          <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {withWordBreaks(subtitle)}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
