/** What a tenant holds that the console reads: one key prefix each. */
export type TenantEntity =
  | 'members' | 'invitations' | 'subscription' | 'usage' | 'invoices' | 'admin-console-config' | 'resources' | 'roles'
  | 'applications' | 'endpoint' | 'users' | 'logs' | 'sign-in-experience' | 'signing-keys' | 'connectors' | 'jwt-customizer'
  | 'webhooks';

/**
 * Every query key comes from here: `['tenant', tenantId, entity, 'list' | 'detail', args]` for a tenant's data, and
 * `['user', what]` for the signed-in user's own. Invalidating a prefix (a tenant, or one entity of it) reaches every
 * list and detail below it.
 */
export const tenantKeys = {
  all: (tenantId: string) => ['tenant', tenantId] as const,
  entity: (tenantId: string, entity: TenantEntity) => ['tenant', tenantId, entity] as const,
  list: (tenantId: string, entity: TenantEntity, args: object = {}) => ['tenant', tenantId, entity, 'list', args] as const,
  detail: (tenantId: string, entity: TenantEntity, args: object = {}) => ['tenant', tenantId, entity, 'detail', args] as const,
};

export const userKeys = {
  profile: ['user', 'profile'] as const,
  socialConnectors: ['user', 'social-connectors'] as const,
  /** The invitations sent to the user's e-mail. */
  invitations: ['user', 'invitations'] as const,
  /** The user's tenants, each with its plan, usage and quota. */
  tenants: ['user', 'tenants'] as const,
};

/** The entities that carry a tenant's usage and quota, refetched after every write in cloud (spec 01 §7). */
const usageEntities: ReadonlySet<unknown> = new Set<TenantEntity>(['subscription', 'usage']);

export const isUsageKey = (key: readonly unknown[]) =>
  (key[0] === 'tenant' && usageEntities.has(key[2])) || (key[0] === userKeys.tenants[0] && key[1] === userKeys.tenants[1]);
