import type { TenantEntity } from './keys.ts';

/**
 * The links between a tenant's entities, declared once: each side's pages show the other (a role's apps, an app's
 * roles; the roles list counts both). A write to either side refreshes both (see `refreshedBy`).
 */
export const entityLinks = [
  // A machine-to-machine role's apps; an app's roles.
  ['roles', 'applications'],
  // A User role's users; a user's roles.
  ['roles', 'users'],
  // A role's permissions, which are API resources' scopes; a resource deleted takes its scopes from every role.
  ['roles', 'resources'],
  // A third-party app's permissions (user consent scopes), which are API resources' scopes too.
  ['applications', 'resources'],
  // A connector's "used by" is the sign-in experience's; deleting a social connector takes its button from there.
  ['connectors', 'sign-in-experience'],
] as const satisfies readonly (readonly [TenantEntity, TenantEntity])[];

/** The entities a write to `entity` changes what is shown of: itself and every entity linked to it. */
export const refreshedBy = (entity: TenantEntity): TenantEntity[] => [
  entity,
  ...entityLinks.flatMap(([one, other]): TenantEntity[] => (one === entity ? [other] : other === entity ? [one] : [])),
];
