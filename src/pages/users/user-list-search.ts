import { listQueryOf, readListSearch, type ListSearch } from '../../../schemas/paging.ts';
import type { UserListQuery } from '../../api/management/users.ts';

/** The users list's status filter in the URL; no value lists every user. */
export const userStatuses = ['active', 'suspended'] as const;
export type UserStatus = (typeof userStatuses)[number];

export const isUserStatus = (value: unknown): value is UserStatus => userStatuses.includes(value as UserStatus);

/** The users list's search in the URL: page and search text, and the status filter. */
export type UserListSearch = ListSearch & { status?: UserStatus };

export const readUserListSearch = (search: Record<string, unknown>): UserListSearch => ({
  ...readListSearch(search),
  ...(isUserStatus(search.status) ? { status: search.status } : {}),
});

/** What the list asks the server for: the status becomes `isSuspended`. */
export const userListQueryOf = ({ status, ...search }: UserListSearch): UserListQuery => ({
  ...listQueryOf(search),
  ...(status ? { isSuspended: status === 'suspended' } : {}),
});
