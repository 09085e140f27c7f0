import { describe, expect, test } from 'vitest';
import type { FullQuota } from '#schemas/billing.ts';
import { enforcedQuota, exceededQuotaKeysOf, isBilledPerUnit, planIds, planQuotas, quotaExceededMessage, quotaKeys, quotaOf } from '#schemas/quota.ts';
import { ApiError } from '#src/api/errors.ts';
import { formatBytes, formatNumber, formatQuantity } from '#src/rules/number-format.ts';
import { isUsageExceeded, quotaSatisfied, usagePercent } from '#src/rules/quota.ts';
import { usageCardsOf } from '#src/rules/usage-cards.ts';

describe('quota satisfied (spec 01 §5)', () => {
  test('no limit and a limit of true are always satisfied', () => {
    expect(quotaSatisfied('cloud', null, 10 ** 9)).toBe(true);
    expect(quotaSatisfied('cloud', true, 10 ** 9, { strict: true })).toBe(true);
  });

  test('a limit of false or 0 is never satisfied in strict mode', () => {
    expect(quotaSatisfied('cloud', false, 0)).toBe(false);
    expect(quotaSatisfied('cloud', 0, 0, { strict: true })).toBe(false);
  });

  test('usage at the limit satisfies it, but leaves no room for one more in strict mode', () => {
    const applications = quotaOf('free', 'applicationsLimit');
    expect(applications).toBe(3);
    expect(quotaSatisfied('cloud', applications, 2, { strict: true })).toBe(true);
    expect(quotaSatisfied('cloud', applications, 3)).toBe(true);
    expect(quotaSatisfied('cloud', applications, 3, { strict: true })).toBe(false);
    expect(quotaSatisfied('cloud', applications, 4)).toBe(false);
  });

  test('the free plan allows 50,000 MAU and one tenant member', () => {
    expect(quotaSatisfied('cloud', quotaOf('free', 'mauLimit'), 50_000)).toBe(true);
    expect(quotaSatisfied('cloud', quotaOf('free', 'mauLimit'), 50_001)).toBe(false);
    expect(quotaSatisfied('cloud', quotaOf('free', 'tenantMembersLimit'), 1, { strict: true })).toBe(false);
  });

  test('always satisfied in the self-hosted edition', () => {
    expect(quotaSatisfied('self-hosted', false, 1)).toBe(true);
    expect(quotaSatisfied('self-hosted', 0, 5, { strict: true })).toBe(true);
    expect(quotaSatisfied('self-hosted', quotaOf('free', 'mauLimit'), 10 ** 9)).toBe(true);
  });
});

describe('usage percentage and exceeded style (spec 01 §5)', () => {
  test('whole numbers, rounded', () => {
    expect(usagePercent(25_000, 50_000)).toBe(50);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(2, 3)).toBe(67);
    expect(usagePercent(333_335, 500_000)).toBe(67);
    expect(usagePercent(60_000, 50_000)).toBe(120);
  });

  test('shown only when positive', () => {
    expect(usagePercent(0, 50_000)).toBeUndefined();
    expect(usagePercent(100, 50_000)).toBeUndefined();
    expect(usagePercent(250, 50_000)).toBe(1);
  });

  test('only for a positive numeric quota', () => {
    expect(usagePercent(5, null)).toBeUndefined();
    expect(usagePercent(1, true)).toBeUndefined();
    expect(usagePercent(1, false)).toBeUndefined();
    expect(usagePercent(1, 0)).toBeUndefined();
  });

  test('at least 100 % of a numeric quota is exceeded, except on an enterprise plan', () => {
    const plan = { isEnterprisePlan: false };
    expect(isUsageExceeded(49_999, 50_000, plan)).toBe(false);
    expect(isUsageExceeded(50_000, 50_000, plan)).toBe(true);
    expect(isUsageExceeded(500_001, 500_000, plan)).toBe(true);
    expect(isUsageExceeded(50_000, 50_000, { isEnterprisePlan: true })).toBe(false);
  });

  test('unlimited and feature quotas are never exceeded; a quota of 0 is once something is used', () => {
    const plan = { isEnterprisePlan: false };
    expect(isUsageExceeded(10 ** 9, null, plan)).toBe(false);
    expect(isUsageExceeded(1, true, plan)).toBe(false);
    expect(isUsageExceeded(0, 0, plan)).toBe(false);
    expect(isUsageExceeded(1, 0, plan)).toBe(true);
  });
});

describe('number display (spec 01 §9)', () => {
  test('K from 1,000 and M from 1,000,000, one decimal', () => {
    expect(formatQuantity(999)).toBe('999');
    expect(formatQuantity(1_000)).toBe('1.0K');
    expect(formatQuantity(1_250)).toBe('1.3K');
    expect(formatQuantity(50_000)).toBe('50.0K');
    expect(formatQuantity(500_000)).toBe('500.0K');
    expect(formatQuantity(999_949)).toBe('999.9K');
    expect(formatQuantity(999_950)).toBe('1.0M');
    expect(formatQuantity(1_000_000)).toBe('1.0M');
    expect(formatQuantity(1_550_000)).toBe('1.6M');
  });

  test('thousands separators in abbreviated and full numbers', () => {
    expect(formatQuantity(2_500_000_000)).toBe('2,500.0M');
    expect(formatNumber(50_000)).toBe('50,000');
    expect(formatNumber(500_000)).toBe('500,000');
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(formatQuantity(2_500_000_000, 'de')).toBe('2.500,0M');
  });

  test('other non-integers with two decimals', () => {
    expect(formatNumber(0.5)).toBe('0.50');
    expect(formatNumber(1234.5678)).toBe('1,234.57');
    expect(formatQuantity(12.345)).toBe('12.35');
  });

  test('bytes in 1024 steps with two decimals', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1024)).toBe('1.00 KB');
    expect(formatBytes(1536)).toBe('1.50 KB');
    // The avatar upload limit of spec 01 §9: 500 KB.
    expect(formatBytes(500 * 1024)).toBe('500.00 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.00 MB');
    expect(formatBytes(1024 ** 3 * 1.25)).toBe('1.25 GB');
  });
});

describe('quota-exceeded errors (spec 01 §8)', () => {
  test('the exceeded keys of the server message', () => {
    const message = quotaExceededMessage({ tenantMembersLimit: 1, applicationsLimit: 3 });
    expect(message).toBe('Status exception: Exceeded quota limit. {"tenantMembersLimit":1,"applicationsLimit":3}');
    const error = new ApiError(message, 403, { code: 'subscription.quota_exceeded', message });
    expect(exceededQuotaKeysOf(error)).toEqual(['tenantMembersLimit', 'applicationsLimit']);
  });

  test('unknown keys are left out; unreadable JSON names no key', () => {
    expect(exceededQuotaKeysOf(new Error('Status exception: Exceeded quota limit. {"hooksLimit":1,"nonsense":2}'))).toEqual(['hooksLimit']);
    expect(exceededQuotaKeysOf(new Error('Status exception: Exceeded quota limit. {oops'))).toEqual([]);
  });

  test('any other failure is not a quota error', () => {
    expect(exceededQuotaKeysOf(new Error('Insufficient permissions.'))).toBeUndefined();
    expect(exceededQuotaKeysOf('Status exception: Exceeded quota limit. {}')).toBeUndefined();
  });
});

describe('usage cards (spec 01 §9)', () => {
  const basicQuota = Object.fromEntries(quotaKeys.map((key) => [key, quotaOf('free', key)])) as FullQuota;
  const usage = { mauLimit: 1_200, tokenLimit: 480_000, applicationsLimit: 2, mfaEnabled: false, tenantMembersLimit: 1 };

  test('the free plan shows only MAU and tokens, against its 50,000 MAU and 500,000 tokens', () => {
    expect(usageCardsOf('free', { basicQuota, usage })).toEqual([
      { key: 'mauLimit', limit: 50_000, usage: 1_200, billedPerUnit: false },
      { key: 'tokenLimit', limit: 500_000, usage: 480_000, billedPerUnit: false },
    ]);
  });

  test('paid and enterprise plans show every key; pro adds its 48-hour support response time', () => {
    const pro = usageCardsOf('pro-2024-11', { basicQuota, usage });
    expect(pro.map(({ key }) => key)).toEqual([...quotaKeys, 'ticketSupportResponseTime']);
    expect(pro.at(-1)).toEqual({ key: 'ticketSupportResponseTime', limit: 48, billedPerUnit: false });
    // Keys without a count (retention, per-resource and per-role limits) have no usage.
    expect(pro.find(({ key }) => key === 'auditLogsRetentionDays')).toEqual({ key: 'auditLogsRetentionDays', limit: 3, billedPerUnit: false });
    const enterprise = usageCardsOf('acme-enterprise', { basicQuota, usage });
    expect(enterprise.map(({ key }) => key)).toEqual([...quotaKeys]);
  });
});

describe('the Pro plan: its add-on keys are billed per unit beyond what it includes, never capped (README, spec 01 §9)', () => {
  const pro = planIds.pro202411;
  const included = Object.fromEntries(quotaKeys.map((key) => [key, quotaOf(pro, key)])) as FullQuota;
  const usage = { machineToMachineLimit: 3, resourcesLimit: 1, hooksLimit: 0, tenantMembersLimit: 5, enterpriseSsoLimit: 2, mfaEnabled: false };
  const cards = usageCardsOf(pro, { basicQuota: included, usage });
  const cardOf = (key: string) => cards.find((card) => card.key === key);

  test('the add-on keys: MAU, tokens, machine-to-machine apps, API resources, webhooks, tenant members, SSO, MFA, organizations', () => {
    expect(quotaKeys.filter((key) => isBilledPerUnit(pro, key))).toEqual([
      'mauLimit', 'tokenLimit', 'machineToMachineLimit', 'resourcesLimit', 'hooksLimit', 'mfaEnabled', 'organizationsLimit', 'enterpriseSsoLimit',
      'tenantMembersLimit',
    ]);
    expect(quotaKeys.filter((key) => isBilledPerUnit(planIds.free, key))).toEqual([]);
    expect(quotaKeys.filter((key) => isBilledPerUnit('acme-enterprise', key))).toEqual([]);
  });

  test('the usage cards show what Pro includes, marked as billed per unit: 3 machine-to-machine apps of 1 are not exceeded', () => {
    expect(cardOf('machineToMachineLimit')).toEqual({ key: 'machineToMachineLimit', limit: 1, usage: 3, billedPerUnit: true });
    expect(cardOf('tenantMembersLimit')).toEqual({ key: 'tenantMembersLimit', limit: 3, usage: 5, billedPerUnit: true });
    expect(cardOf('mfaEnabled')).toEqual({ key: 'mfaEnabled', limit: false, usage: false, billedPerUnit: true });
    expect(cardOf('enterpriseSsoLimit')).toEqual({ key: 'enterpriseSsoLimit', limit: 0, usage: 2, billedPerUnit: true });
    expect(cardOf('applicationsLimit')).toEqual({ key: 'applicationsLimit', limit: null, billedPerUnit: false });
    expect(isUsageExceeded(3, 1, { isEnterprisePlan: false, billedPerUnit: true })).toBe(false);
    expect(isUsageExceeded(2, 0, { isEnterprisePlan: false, billedPerUnit: true })).toBe(false);
    // The same figures on the free plan are capped.
    expect(isUsageExceeded(3, 1, { isEnterprisePlan: false })).toBe(true);
  });

  test('what the server enforces on Pro: every add-on key unlimited (MFA enabled), every other key as included', () => {
    const enforced = enforcedQuota(pro, included);
    for (const key of quotaKeys) {
      const expected = isBilledPerUnit(pro, key) ? (key === 'mfaEnabled' ? true : null) : included[key];
      expect([key, enforced[key]]).toEqual([key, expected]);
    }
    expect(enforcedQuota(planIds.free, planQuotas.free!)).toEqual(planQuotas.free);
    expect(quotaSatisfied('cloud', enforced.machineToMachineLimit, 4, { strict: true })).toBe(true);
    expect(quotaSatisfied('cloud', enforced.applicationsLimit, 4, { strict: true })).toBe(true);
    expect(quotaSatisfied('cloud', enforced.auditLogsRetentionDays, 14)).toBe(true);
  });
});
