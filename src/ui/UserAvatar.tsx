import { Avatar, type AvatarProps } from '@mantine/core';

/** Spec 01 §9: the avatar colours, chosen by the first letter of the user's name, username or e-mail. */
export const avatarPalette = ['red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange'] as const;

export type AvatarUser = { name?: string | null; username?: string | null; primaryEmail?: string | null; avatar?: string | null };

/** The user's name as the console shows it, which the avatar's colour and initial come from: name, else username, else e-mail. */
export const displayNameOf = (user: AvatarUser) => (user.name || user.username || user.primaryEmail || '').trim();

/** The palette colour of a seed: its first letter's code point modulo the palette's length. */
export function avatarColorOf(seed: string): (typeof avatarPalette)[number] {
  const code = seed.toUpperCase().codePointAt(0) ?? 0;
  return avatarPalette[code % avatarPalette.length];
}

/** The user's avatar wherever it shows: their picture; when there is none or it fails to load, their initial on the palette colour. */
export function UserAvatar({ user, ...props }: { user: AvatarUser } & Omit<AvatarProps, 'src' | 'color' | 'children' | 'name'>) {
  const seed = displayNameOf(user);
  return (
    <Avatar src={user.avatar || undefined} color={`${avatarColorOf(seed)}.8`} variant="filled" autoContrast {...props}>
      {seed.slice(0, 1).toUpperCase() || undefined}
    </Avatar>
  );
}
