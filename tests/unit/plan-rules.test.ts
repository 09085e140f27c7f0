import { expect, test } from 'vitest';
import { adminTenantId } from '#schemas/constants.ts';
import { randomCheckoutState } from '#src/rules/checkout-state.ts';
import { isFreePlanAvailable } from '#src/rules/free-plan.ts';
import { planTagOf } from '#src/rules/plan-tag.ts';
import { formatPrice } from '#src/rules/price.ts';

test('prices: cents as dollars with two decimals', () => {
  expect(formatPrice(1600)).toBe('$16.00');
  expect(formatPrice(2400)).toBe('$24.00');
  expect(formatPrice(0)).toBe('$0.00');
  expect(formatPrice(5)).toBe('$0.05');
  expect(formatPrice(1999)).toBe('$19.99');
  expect(formatPrice(123_456_78)).toBe('$123,456.78');
  expect(formatPrice(-1600)).toBe('-$16.00');
});

test('plan tags: free, pro (both versions), dev, admin; any other id is enterprise', () => {
  expect(planTagOf('free')).toBe('free');
  expect(planTagOf('pro')).toBe('pro');
  expect(planTagOf('pro-2024-11')).toBe('pro');
  expect(planTagOf('development')).toBe('dev');
  expect(planTagOf('admin')).toBe('admin');
  expect(planTagOf('acme-enterprise')).toBe('enterprise');
  expect(planTagOf('')).toBe('enterprise');
});

const tenant = (id: string, planId: string) => ({ id, planId });

test('free plan: available below 3 free tenants, not at 3 or more', () => {
  expect(isFreePlanAvailable([])).toBe(true);
  expect(isFreePlanAvailable([tenant('a', 'free'), tenant('b', 'free')])).toBe(true);
  // Development and paid tenants do not count.
  expect(isFreePlanAvailable([tenant('a', 'free'), tenant('b', 'free'), tenant('c', 'development'), tenant('d', 'pro-2024-11')])).toBe(true);
  expect(isFreePlanAvailable([tenant('a', 'free'), tenant('b', 'free'), tenant('c', 'free')])).toBe(false);
  expect(isFreePlanAvailable([tenant('a', 'free'), tenant('b', 'free'), tenant('c', 'free'), tenant('d', 'free')])).toBe(false);
});

test('free plan: the admin tenant among the tenants lifts the cap', () => {
  const three = [tenant('a', 'free'), tenant('b', 'free'), tenant('c', 'free')];
  expect(isFreePlanAvailable([...three, tenant(adminTenantId, 'admin')])).toBe(true);
  expect(isFreePlanAvailable([...three, tenant('admin-like', 'admin')])).toBe(false);
});

test('checkout state: 6 letters or digits, from the random source', () => {
  expect(randomCheckoutState()).toMatch(/^[A-Za-z0-9]{6}$/);
  expect(randomCheckoutState((bytes) => bytes.fill(0))).toBe('aaaaaa');
  expect(randomCheckoutState((bytes) => bytes.map((_, index) => 26 + index))).toBe('ABCDEF');
  expect(new Set(Array.from({ length: 20 }, () => randomCheckoutState())).size).toBeGreaterThan(1);
});
