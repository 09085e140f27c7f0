import * as z from 'zod/mini';

/** The two kinds of a tenant issuer's keys, as the management API's paths name them (signing-keys.md §3). */
export const oidcKeyTypes = ['private-keys', 'cookie-keys'] as const;
export type OidcKeyType = (typeof oidcKeyTypes)[number];

/** The key types of a private key (Logto's names) and the JWS algorithm each signs with in Gatehouse (ES256: P-256). */
export const signingKeyAlgorithms = ['EC', 'RSA'] as const;
export type SigningKeyAlgorithm = (typeof signingKeyAlgorithms)[number];
export const jwsAlgorithmOf = { EC: 'ES256', RSA: 'RS256' } as const satisfies Record<SigningKeyAlgorithm, string>;
export const defaultSigningKeyAlgorithm: SigningKeyAlgorithm = 'EC';

export const privateKeyStatuses = ['Next', 'Current', 'Previous'] as const;
export type PrivateKeyStatus = (typeof privateKeyStatuses)[number];

/** The grace periods the console offers for a staged rotation, in seconds (none, 1 h, 4 h, 24 h). */
export const rotationGracePeriods = [0, 3600, 4 * 3600, 24 * 3600] as const;
/** The longest grace period the API takes: a week. */
export const maxRotationGracePeriod = 7 * 24 * 3600;

/** What every key of the list tells of the tokens it signed (counted in batches: a few seconds behind). */
const tokenFields = {
  /** Tokens this key signed. */
  tokensSigned: z.number(),
  /** When the last token it signed expires; after that, deleting it breaks no token. Null: it signed none. */
  lastTokenExpiresAt: z.nullable(z.string()),
};

/** A private key as the API answers it: never its value (signing-keys.md §2). */
export const privateKeyGuard = z.object({
  id: z.string(),
  createdAt: z.string(),
  signingKeyAlgorithm: z.enum(signingKeyAlgorithms),
  /** The JWS `alg` it signs with (Gatehouse addition). */
  jwsAlgorithm: z.string(),
  status: z.enum(privateKeyStatuses),
  /** When a `Next` key becomes `Current`. */
  effectiveAt: z.optional(z.string()),
  ...tokenFields,
});
export type PrivateKey = z.infer<typeof privateKeyGuard>;

/** A cookie key: the first of the list signs new cookies, all verify. */
export const cookieKeyGuard = z.object({ id: z.string(), createdAt: z.string() });
export type CookieKey = z.infer<typeof cookieKeyGuard>;

/** Body of POST /configs/oidc/private-keys/rotate. */
export const rotatePrivateKeysGuard = z.strictObject({
  signingKeyAlgorithm: z.optional(z.enum(signingKeyAlgorithms)),
  rotationGracePeriod: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(maxRotationGracePeriod))),
});
export type RotatePrivateKeys = z.infer<typeof rotatePrivateKeysGuard>;

/** Body of POST /configs/oidc/cookie-keys/rotate: `{}`; a grace period is refused by the route with 422. */
export const rotateCookieKeysGuard = z.object({ rotationGracePeriod: z.optional(z.unknown()) });
