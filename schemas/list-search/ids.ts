import * as z from 'zod/mini';

/** An entity id in a list's query or URL (ids are 21 characters at most). */
export const idFilter = z.optional(z.string().check(z.maxLength(21)));
/** A yes-or-no filter of a list's query. */
export const flagFilter = z.optional(z.enum(['true', 'false']));
