import { afterEach, expect, test, vi } from 'vitest';
import { productionConsoleHost } from '#schemas/constants.ts';
import { conversionEventName, isProductionHost, reportConversion } from '#src/flows/checkout-success/conversion.ts';

afterEach(() => vi.restoreAllMocks());

test('conversions are reported on the production host only', () => {
  expect(isProductionHost(productionConsoleHost)).toBe(true);
  expect(isProductionHost('localhost:3000')).toBe(false);
  expect(isProductionHost(`${productionConsoleHost}.example.com`)).toBe(false);
  expect(isProductionHost(`staging.${productionConsoleHost}`)).toBe(false);
});

test('outside the production host nothing happens; on it the event is announced on window', () => {
  const listener = vi.fn();
  window.addEventListener(conversionEventName, listener);
  expect(reportConversion({ type: 'purchase', skuId: 'pro-2024-11' })).toBe(false);
  expect(listener).not.toHaveBeenCalled();
  expect(reportConversion({ type: 'productionTenant', tenantId: 'shop1' }, productionConsoleHost)).toBe(true);
  const [[event]] = listener.mock.calls as [[CustomEvent]];
  expect(listener).toHaveBeenCalledTimes(1);
  expect(event.detail).toEqual({ type: 'productionTenant', tenantId: 'shop1' });
  window.removeEventListener(conversionEventName, listener);
});
