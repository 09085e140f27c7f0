import * as z from 'zod/mini';
import { plainName } from './text.ts';

/** Indicators under this prefix are the server's own APIs (the management API): nobody may create a look-alike. */
export const reservedIndicatorPrefix = 'urn:gatehouse:';
export const defaultAccessTokenTtl = 3600;
/** Access token lifetimes, in seconds: from one minute to 30 days. */
export const minAccessTokenTtl = 60;
export const maxAccessTokenTtl = 2_592_000;

const name = z.string().check(z.trim(), z.minLength(1), z.maxLength(256), plainName);
const accessTokenTtl = z.number().check(z.int(), z.minimum(minAccessTokenTtl), z.maximum(maxAccessTokenTtl));
const absoluteUri = z
  .string()
  .check(
    z.maxLength(256),
    z.refine((value) => URL.canParse(value) && !value.includes('#'), 'Must be an absolute URI without a fragment.'),
  );

/** An API resource (spec 02 §3) as the management API answers it; `isBuiltIn` marks the tenant's management API. */
export const resourceGuard = z.object({
  id: z.string(),
  name: z.string(),
  indicator: z.string(),
  isDefault: z.boolean(),
  accessTokenTtl: z.number(),
  isBuiltIn: z.boolean(),
  createdAt: z.string(),
});
export type Resource = z.infer<typeof resourceGuard>;

/** Body of POST /resources: the indicator cannot change afterwards, and the default API has its own endpoint. */
export const createResourceGuard = z.strictObject({ name, indicator: absoluteUri, accessTokenTtl: z.optional(accessTokenTtl) });
export type CreateResource = z.infer<typeof createResourceGuard>;

/** Body of PATCH /resources/{id}. */
export const patchResourceGuard = z.strictObject({ name: z.optional(name), accessTokenTtl: z.optional(accessTokenTtl) });
export type PatchResource = z.infer<typeof patchResourceGuard>;

/** Body of PATCH /resources/{id}/is-default. */
export const setDefaultResourceGuard = z.strictObject({ isDefault: z.boolean() });

/** A permission of an API resource (spec 02 §3, Scope). */
export const scopeGuard = z.object({
  id: z.string(),
  resourceId: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Scope = z.infer<typeof scopeGuard>;

/** A scope token (RFC 6749 §3.3): printable ASCII but space, `"` and `\`; the issuer grants no other. */
const scopeName = z.string().check(
  z.minLength(1),
  z.maxLength(256),
  z.regex(/^[\x21\x23-\x5B\x5D-\x7E]*$/, 'Letters A-Z, digits and punctuation other than " and \\ only.'),
);
const description = z.nullable(z.string().check(z.maxLength(256), plainName));

/** Body of POST /resources/{id}/scopes. */
export const createScopeGuard = z.strictObject({ name: scopeName, description: z.optional(description) });
export type CreateScope = z.infer<typeof createScopeGuard>;

/** Body of PATCH /resources/{id}/scopes/{scopeId}. */
export const patchScopeGuard = z.strictObject({ name: z.optional(scopeName), description: z.optional(description) });
export type PatchScope = z.infer<typeof patchScopeGuard>;
