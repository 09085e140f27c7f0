import { expect, test } from 'vitest';
import { exceededUsageOf, isPaymentOverdue, lacksProductionTenant, showsMigrationNotice } from '#src/rules/notices.ts';
import { sampleTenant } from '../support/samples.ts';

/** A production tenant on the free plan: 50,000 MAU and 500,000 tokens (spec 01 §9). */
const onFree = (activeUsers: number, tokenUsage: number, overrides: Parameters<typeof sampleTenant>[1] = {}) =>
  sampleTenant('acme', { tag: 'production', planId: 'free', usage: { activeUsers, tokenUsage }, quota: { mauLimit: 50_000, tokenLimit: 500_000 }, ...overrides });

test('upsell: MAU at or above a set limit', () => {
  expect(exceededUsageOf(onFree(49_999, 0))).toBeUndefined();
  expect(exceededUsageOf(onFree(50_000, 0))).toBe('mau');
  expect(exceededUsageOf(onFree(10 ** 6, 0, { quota: { mauLimit: null, tokenLimit: 500_000 } }))).toBeUndefined();
});

test('upsell: tokens at or above a set limit, not on an enterprise plan', () => {
  expect(exceededUsageOf(onFree(0, 499_999))).toBeUndefined();
  expect(exceededUsageOf(onFree(0, 500_000))).toBe('tokens');
  const enterprise = onFree(0, 500_000);
  expect(exceededUsageOf({ ...enterprise, subscription: { ...enterprise.subscription, isEnterprisePlan: true } })).toBeUndefined();
});

test('upsell: token exceeded takes precedence over MAU exceeded', () => {
  expect(exceededUsageOf(onFree(50_000, 500_000))).toBe('tokens');
});

test('upsell: never for development tenants', () => {
  expect(exceededUsageOf(onFree(100, 0, { tag: 'development', quota: { mauLimit: 100, tokenLimit: null } }))).toBeUndefined();
});

test('payment overdue while invoices are open', () => {
  expect(isPaymentOverdue(onFree(0, 0))).toBe(false);
  expect(isPaymentOverdue(onFree(0, 0, { openInvoices: [{ id: 'in_1', amountDue: 2400 }] }))).toBe(true);
});

test('production-tenant banner while no tenant is a production tenant', () => {
  expect(lacksProductionTenant([])).toBe(true);
  expect(lacksProductionTenant([sampleTenant('dev1'), sampleTenant('dev2')])).toBe(true);
  expect(lacksProductionTenant([sampleTenant('dev1'), onFree(0, 0)])).toBe(false);
});

test('migration notice while the config has it without readAt', () => {
  expect(showsMigrationNotice({})).toBe(false);
  expect(showsMigrationNotice({ developmentTenantMigrationNotification: { isPaidTenant: false, tag: 'development' } })).toBe(true);
  expect(showsMigrationNotice({ developmentTenantMigrationNotification: { isPaidTenant: false, tag: 'development', readAt: 1_700_000_000_000 } })).toBe(false);
});
