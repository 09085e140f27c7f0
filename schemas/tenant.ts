import * as z from 'zod/mini';
import { regions, tenantTags } from './constants.ts';
import { plainName } from './text.ts';

export const tenantNameMaxLength = 128;
/** Required, 1 to 128 characters after trimming, without control or bidirectional formatting characters. */
export const tenantNameGuard = z.string().check(z.trim(), z.minLength(1), z.maxLength(tenantNameMaxLength), plainName);

/** Body of POST /api/tenants: name and regionName from onboarding; name, tag and regionName from the modal. */
export const createTenantGuard = z.strictObject({
  name: tenantNameGuard,
  tag: z._default(z.enum(tenantTags), 'development'),
  regionName: z._default(z.enum(regions), 'EU'),
});
export type CreateTenant = z.input<typeof createTenantGuard>;

/** Body of PATCH /api/tenants/{tenantId}. */
export const updateTenantGuard = z.strictObject({ name: tenantNameGuard });
export type UpdateTenant = z.input<typeof updateTenantGuard>;

/** GET /api/.well-known/endpoints/{tenantId}. */
export const tenantEndpointsGuard = z.object({ user: z.string() });
export type TenantEndpoints = z.infer<typeof tenantEndpointsGuard>;

export const subscriptionGuard = z.object({
  status: z.string(),
  planId: z.string(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  isEnterprisePlan: z.boolean(),
});
export type Subscription = z.infer<typeof subscriptionGuard>;

/** Tenant as the cloud API returns it (spec 01 §3). */
export const tenantGuard = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.enum(tenantTags),
  indicator: z.string(),
  regionName: z.enum(regions),
  planId: z.string(),
  subscription: subscriptionGuard,
  usage: z.object({ activeUsers: z.number(), tokenUsage: z.number() }),
  quota: z.object({ mauLimit: z.nullable(z.number()), tokenLimit: z.nullable(z.number()) }),
  openInvoices: z.array(z.object({ id: z.string(), amountDue: z.number() })),
  isSuspended: z.boolean(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof tenantGuard>;
