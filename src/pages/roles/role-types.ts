import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { roleTypes, type RoleType } from '#schemas/role-types.ts';
import type { ListSearch } from '#schemas/paging.ts';
import { readListSearch } from '#schemas/paging.ts';

/** How each role type reads: in the list's type column and filter, and as the details page's tag. */
export const roleTypeNames: Record<RoleType, { short: MessageDescriptor; long: MessageDescriptor }> = {
  User: { short: msg`User`, long: msg`User role` },
  MachineToMachine: { short: msg`Machine-to-machine`, long: msg`Machine-to-machine role` },
};

export const isRoleType = (value: unknown): value is RoleType => roleTypes.includes(value as RoleType);

/** The roles list's search in the URL: page and search text, and the type filter. */
export type RoleListSearch = ListSearch & { type?: RoleType };

export const readRoleListSearch = (search: Record<string, unknown>): RoleListSearch => ({
  ...readListSearch(search),
  ...(isRoleType(search.type) ? { type: search.type } : {}),
});
