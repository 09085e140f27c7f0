import * as z from 'zod/mini';

/** The request id every server response carries, for support (spec 01 §8, deletion failure). */
export const requestIdHeader = 'x-request-id';

/** Error body of every JSON route (spec 01 §3). */
export const errorBodyGuard = z.object({
  code: z.optional(z.string()),
  message: z.string(),
  details: z.optional(z.unknown()),
});
export type ErrorBody = z.infer<typeof errorBodyGuard>;

export const insufficientPermissionsMessage = 'Insufficient permissions.';
export const quotaExceededMessagePrefix = 'Status exception: Exceeded quota limit.';
