import { z } from 'zod';
import { regions, tenantTags } from './constants.ts';

export const tenantNameMaxLength = 128;

/** Body of POST /api/tenants: name and regionName from onboarding; name, tag and regionName from the modal. */
export const createTenantGuard = z
  .object({
    name: z.string().trim().min(1).max(tenantNameMaxLength),
    tag: z.enum(tenantTags).default('development'),
    regionName: z.enum(regions).default('EU'),
  })
  .strict();
export type CreateTenant = z.input<typeof createTenantGuard>;

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
  quota: z.object({ mauLimit: z.number().nullable(), tokenLimit: z.number().nullable() }),
  openInvoices: z.array(z.object({ id: z.string(), amountDue: z.number() })),
  isSuspended: z.boolean(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof tenantGuard>;
