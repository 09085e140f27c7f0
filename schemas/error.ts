import * as z from 'zod/mini';

/** Error body of every JSON route (spec 01 §3). */
export const errorBodyGuard = z.object({
  code: z.optional(z.string()),
  message: z.string(),
  details: z.optional(z.unknown()),
});
export type ErrorBody = z.infer<typeof errorBodyGuard>;

export const insufficientPermissionsMessage = 'Insufficient permissions.';
export const quotaExceededMessagePrefix = 'Status exception: Exceeded quota limit.';
