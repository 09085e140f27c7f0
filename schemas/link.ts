import * as z from 'zod/mini';

/**
 * The answer of a request that links entities (a role's permissions, apps or users; an app's roles): the ids it
 * linked, skipping those already linked, and for a replacement (PUT) the ids it unlinked.
 */
export const linkChangesGuard = z.object({ added: z.array(z.string()), removed: z.optional(z.array(z.string())) });
export type LinkChanges = z.infer<typeof linkChangesGuard>;
