import * as z from 'zod/mini';
import { applicationTypes, offeredApplicationTypes } from '../application-types.ts';
import { flagFilter, idFilter } from './ids.ts';
import { listSearchShape } from './list.ts';
import { searchReader } from './reader.ts';

/** Filters of GET /applications beside page, page_size and q (and beside `types`, below). */
export const applicationListFilters = { isThirdParty: flagFilter, excludeRoleId: idFilter };
/** GET /applications's `types`: comma-separated, repeated, or both. */
export const applicationTypesQueryGuard = z.object({ types: z.array(z.enum(applicationTypes)) });

/** The applications list's URL: page, search text and one of the types the console creates. */
export const readApplicationListSearch = searchReader({ ...listSearchShape, type: z.enum(offeredApplicationTypes) });
export type ApplicationListSearch = ReturnType<typeof readApplicationListSearch>;
