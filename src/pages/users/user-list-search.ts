import { listQueryOf, readListSearch, type ListSearch } from '#schemas/paging.ts';
import type { UserListSort } from '#schemas/tenant-user.ts';
import type { UserListQuery } from '#src/api/management/users.ts';

/** The users list's status filter in the URL; no value lists every user. */
export const userStatuses = ['active', 'suspended'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const isUserStatus = (value: unknown): value is UserStatus => userStatuses.includes(value as UserStatus);

/** The users list's order in the URL; no value is the newest first. */
export const sortedByLatestSignIn = 'lastSignInAt' satisfies UserListSort;

/** The users list's search in the URL: page and search text, the status filter, and the order. */
export type UserListSearch = ListSearch & { status?: UserStatus; sort?: typeof sortedByLatestSignIn };

export const readUserListSearch = (search: Record<string, unknown>): UserListSearch => ({
  ...readListSearch(search),
  ...(isUserStatus(search.status) ? { status: search.status } : {}),
  ...(search.sort === sortedByLatestSignIn ? { sort: sortedByLatestSignIn } : {}),
});

/** What the list asks the server for: the status becomes `isSuspended`. */
export const userListQueryOf = ({ status, sort, ...search }: UserListSearch): UserListQuery => ({
  ...listQueryOf(search),
  ...(status ? { isSuspended: status === 'suspended' } : {}),
  ...(sort ? { sort } : {}),
});
