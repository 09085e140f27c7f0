import type { Tenant } from '../../schemas/tenant.ts';

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
