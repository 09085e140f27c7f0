import { z } from 'zod';

/** Error body of every JSON route (spec 01 §3). */
export const errorBodyGuard = z.object({
  code: z.string().optional(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodyGuard>;

export const insufficientPermissionsMessage = 'Insufficient permissions.';
export const quotaExceededMessagePrefix = 'Status exception: Exceeded quota limit.';
