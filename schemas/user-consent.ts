import * as z from 'zod/mini';

/** The user scopes a third-party application may ask a user to consent to (spec 02 §3, applications.md §7). */
export const userConsentScopes = ['profile', 'email', 'phone', 'address', 'custom_data', 'identities', 'roles'] as const;
export type UserConsentScope = (typeof userConsentScopes)[number];

/** The scope types of DELETE /applications/{id}/user-consent-scopes/{scopeType}/{scopeId}. */
export const userConsentScopeTypes = ['user-scopes', 'resource-scopes'] as const;
export type UserConsentScopeType = (typeof userConsentScopeTypes)[number];

/** What a third-party application may ask for (GET /applications/{id}/user-consent-scopes). */
export const userConsentScopesGuard = z.object({
  userScopes: z.array(z.enum(userConsentScopes)),
  resourceScopes: z.array(
    z.object({
      resource: z.object({
        id: z.string(),
        name: z.string(),
        indicator: z.string(),
      }),
      scopes: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          description: z.nullable(z.string()),
        }),
      ),
    }),
  ),
});
export type UserConsentScopes = z.infer<typeof userConsentScopesGuard>;

const scopeIds = z.array(z.string().check(z.minLength(1), z.maxLength(21))).check(z.maxLength(100));

/** Body of POST /applications/{id}/user-consent-scopes: the scopes to enable; those enabled already are kept. */
export const addUserConsentScopesGuard = z.strictObject({
  userScopes: z.optional(z.array(z.enum(userConsentScopes)).check(z.maxLength(userConsentScopes.length))),
  resourceScopes: z.optional(scopeIds),
});
export type AddUserConsentScopes = z.infer<typeof addUserConsentScopesGuard>;
