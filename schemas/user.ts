import * as z from 'zod/mini';

/** Spec 02 §5: no spaces, an @ and a dot. */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Spec 02 §5: starts with a letter or underscore, then letters, digits or underscores. */
export const usernamePattern = /^[A-Z_a-z]\w*$/;
/** The rule in words, as the API answers a username that breaks it (the console and the sign-up page say it translated). */
export const usernameRule = 'A username starts with a letter or an underscore and has only letters, digits and underscores.';
/** Longest username, e-mail or name accepted. */
export const identifierMaxLength = 128;
/** Spec 02 §3: a user's avatar URL. */
export const avatarMaxLength = 2048;

/**
 * How a primary e-mail or phone was verified: `code`, a code sent to it was typed back; `admin`, an administrator said
 * so; `social`, the social provider the user registered with said it is verified. Stored beside the identifier (null:
 * nobody verified it); the ID token's email_verified and phone_number_verified are true only then.
 */
export const identifierVerifications = ['code', 'admin', 'social'] as const;
export type IdentifierVerification = (typeof identifierVerifications)[number];

/** A linked social identity: the user's id at the provider, and what it said of them. */
export const socialIdentityGuard = z.object({ userId: z.string(), details: z.optional(z.record(z.string(), z.unknown())) });

/** GET me (spec 01 §3, User (profile)). */
export const meGuard = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  primaryEmail: z.nullable(z.string()),
  primaryPhone: z.nullable(z.string()),
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
  hasPassword: z.boolean(),
  identities: z.record(z.string(), socialIdentityGuard),
  customData: z.record(z.string(), z.unknown()),
});
export type Me = z.infer<typeof meGuard>;
