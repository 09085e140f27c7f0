import { z } from 'zod';

/** Spec 02 §5: no spaces, an @ and a dot. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** GET me (spec 01 §3, User (profile)). */
export const meGuard = z.object({
  id: z.string(),
  username: z.string().nullable(),
  primaryEmail: z.string().nullable(),
  primaryPhone: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  hasPassword: z.boolean(),
  identities: z.record(z.string(), z.object({ userId: z.string(), details: z.record(z.string(), z.unknown()).optional() })),
  customData: z.record(z.string(), z.unknown()),
});
export type Me = z.infer<typeof meGuard>;
