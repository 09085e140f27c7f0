import * as z from 'zod/mini';
import { flagFilter, idFilter } from './ids.ts';
import { listQueryOf } from '../paging.ts';
import { listSearchShape } from './list.ts';
import { searchReader } from './reader.ts';

/** The orders of GET /users: the newest first, or the latest sign-in first (those who never signed in last). */
export const userListSorts = ['createdAt', 'lastSignInAt'] as const;
export type UserListSort = (typeof userListSorts)[number];
const sort = z.enum(userListSorts);

/** Filters of GET /users beside page, page_size and q, and beside the advanced search (advancedUserSearchGuard). */
export const userListFilters = {
  isSuspended: flagFilter,
  excludeRoleId: idFilter,
  excludeOrganizationId: idFilter,
  sort: z.optional(sort),
  joint: z.optional(z.enum(['or', 'and'])),
  isCaseSensitive: flagFilter,
};

/** The users list's status filter in the URL; no value lists every user. It becomes GET /users's `isSuspended`. */
export const userStatuses = ['active', 'suspended'] as const;
export type UserStatus = (typeof userStatuses)[number];
/** The users list's order in the URL besides the default, the newest first. */
export const sortedByLatestSignIn = 'lastSignInAt' satisfies UserListSort;

/** The users list's URL: page, search text, the status filter, and the order (the newest first is left out). */
export const readUserListSearch = searchReader({
  ...listSearchShape,
  status: z.enum(userStatuses),
  sort: z.pipe(sort, z.transform((value) => (value === sortedByLatestSignIn ? value : undefined))),
});
export type UserListSearch = ReturnType<typeof readUserListSearch>;

/** What the console's list asks GET /users for: the status becomes `isSuspended`. */
export const userListQueryOf = ({ status, sort, ...search }: UserListSearch) => ({
  ...listQueryOf(search),
  ...(status ? { isSuspended: status === 'suspended' } : {}),
  ...(sort ? { sort } : {}),
});
