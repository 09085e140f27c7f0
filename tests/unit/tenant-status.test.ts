import { expect, test } from 'vitest';
import { tenantStatusTag } from '#src/rules/tenant-status.ts';
import { sampleTenant } from '../support/samples.ts';

const overdue = { openInvoices: [{ id: 'in_1', amountDue: 1600 }] };
const mauExceeded = { usage: { activeUsers: 100, tokenUsage: 0 }, quota: { mauLimit: 100, tokenLimit: null } };
const tokenExceeded = { usage: { activeUsers: 0, tokenUsage: 500_000 }, quota: { mauLimit: 50_000, tokenLimit: 500_000 } };
const everything = {
  isSuspended: true,
  ...overdue,
  usage: { activeUsers: 200, tokenUsage: 600_000 },
  quota: { mauLimit: 100, tokenLimit: 500_000 },
};

test('a tenant in good standing has no status tag', () => {
  expect(tenantStatusTag(sampleTenant('t1'))).toBeUndefined();
  expect(tenantStatusTag(sampleTenant('t1', { usage: { activeUsers: 99, tokenUsage: 499_999 }, quota: { mauLimit: 100, tokenLimit: 500_000 } }))).toBeUndefined();
});

test('each status on its own', () => {
  expect(tenantStatusTag(sampleTenant('t1', { isSuspended: true }))).toBe('suspended');
  expect(tenantStatusTag(sampleTenant('t1', overdue))).toBe('overdue');
  expect(tenantStatusTag(sampleTenant('t1', mauExceeded))).toBe('mauExceeded');
  expect(tenantStatusTag(sampleTenant('t1', tokenExceeded))).toBe('tokenExceeded');
});

test('priority: suspended, then overdue, then MAU exceeded, then token exceeded', () => {
  expect(tenantStatusTag(sampleTenant('t1', everything))).toBe('suspended');
  expect(tenantStatusTag(sampleTenant('t1', { ...everything, isSuspended: false }))).toBe('overdue');
  expect(tenantStatusTag(sampleTenant('t1', { ...everything, isSuspended: false, openInvoices: [] }))).toBe('mauExceeded');
  expect(tenantStatusTag(sampleTenant('t1', { ...everything, isSuspended: false, openInvoices: [], quota: { mauLimit: null, tokenLimit: 500_000 } }))).toBe(
    'tokenExceeded',
  );
});

test('null limits are unlimited', () => {
  expect(tenantStatusTag(sampleTenant('t1', { usage: { activeUsers: 10 ** 9, tokenUsage: 10 ** 12 } }))).toBeUndefined();
});

test('enterprise plans skip the token check, not the MAU check', () => {
  const enterprise = (overrides: Parameters<typeof sampleTenant>[1]) => {
    const tenant = sampleTenant('t1', overrides);
    return { ...tenant, subscription: { ...tenant.subscription, planId: 'acme-enterprise', isEnterprisePlan: true } };
  };
  expect(tenantStatusTag(enterprise(tokenExceeded))).toBeUndefined();
  expect(tenantStatusTag(enterprise(mauExceeded))).toBe('mauExceeded');
});
