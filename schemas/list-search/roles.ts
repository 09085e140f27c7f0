import * as z from 'zod/mini';
import { roleTypes } from '../role-types.ts';
import { idFilter } from './ids.ts';
import { listSearchShape } from './list.ts';
import { searchReader } from './reader.ts';

const type = z.enum(roleTypes);

/** Filters of GET /roles beside page, page_size and q. */
export const roleListFilters = { type: z.optional(type), excludeUserId: idFilter, excludeApplicationId: idFilter };

/** The roles list's URL: page, search text and the type filter, read as GET /roles reads it. */
export const readRoleListSearch = searchReader({ ...listSearchShape, type });
export type RoleListSearch = ReturnType<typeof readRoleListSearch>;
