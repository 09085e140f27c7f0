import type { Sku } from '#schemas/billing.ts';
import { quotaKeys, quotaOf } from '#schemas/quota.ts';
import type { Tenant } from '#schemas/tenant.ts';
import type { Invitation } from '#schemas/invitation.ts';
import type { TenantMember } from '#schemas/member.ts';

/** A development tenant as the cloud API returns it, for machine tests and stories. */
export const sampleTenant = (id: string, overrides: Partial<Tenant> = {}): Tenant => ({
  id,
  name: `Tenant ${id}`,
  tag: 'development',
  indicator: id,
  regionName: 'EU',
  planId: 'development',
  subscription: {
    status: 'active',
    planId: 'development',
    currentPeriodStart: '2026-11-01T00:00:00.000Z',
    currentPeriodEnd: '2026-12-01T00:00:00.000Z',
    isEnterprisePlan: false,
  },
  usage: { activeUsers: 0, tokenUsage: 0 },
  quota: { mauLimit: null, tokenLimit: null },
  openInvoices: [],
  isSuspended: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

/** A pending invitation of tenant `tenantId` to b@example.com, for machine tests and stories. */
export const sampleInvitation = (id: string, overrides: Partial<Invitation> = {}): Invitation => {
  const tenantId = overrides.tenantId ?? 't1';
  return {
    id,
    tenantId,
    organizationId: `t-${tenantId}`,
    tenantName: `Tenant ${tenantId}`,
    tenantTag: 'development',
    inviterId: 'u-a',
    invitee: 'b@example.com',
    roleName: 'collaborator',
    status: 'Pending',
    acceptedUserId: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    expiresAt: '2026-11-08T00:00:00.000Z',
    ...overrides,
  };
};

/** A tenant member named `name`, with the e-mail `{name}@example.com`. */
export const sampleMember = (id: string, name: string, role: TenantMember['role']): TenantMember => ({
  id,
  name,
  role,
  username: null,
  avatar: null,
  primaryEmail: `${name.toLowerCase()}@example.com`,
  createdAt: '2026-11-01T00:00:00.000Z',
});

/** A basic plan as GET /api/skus?type=basic returns it, with the plan quota of schemas/quota.ts. */
export const sampleSku = (id: string, name: string, unitPrice: number): Sku => ({
  id,
  name,
  type: 'Basic',
  unitPrice,
  productId: `prod_${id}`,
  defaultPriceId: `price_${id}`,
  quota: Object.fromEntries(quotaKeys.map((key) => [key, quotaOf(id, key)])),
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

/** The same string but for its last character, which always differs (a fixed replacement equals it when it ends so). */
export const alteredSecret = (value: string) => `${value.slice(0, -1)}${value.endsWith('x') ? 'y' : 'x'}`;

/** The string with the case of each letter swapped: never itself when it has a letter (upper-casing leaves capitals). */
export const otherCase = (value: string) => [...value].map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase())).join('');
