import { productionConsoleHost } from '#schemas/constants.ts';

export type ConversionEvent = { type: 'purchase'; skuId: string } | { type: 'productionTenant'; tenantId: string };

/** The name of the DOM event a deployment's own analytics can listen to; the console loads no tracker itself. */
export const conversionEventName = 'gatehouse:conversion';

export const isProductionHost = (host: string) => host === productionConsoleHost;

/**
 * The conversion report hook (spec 01 §7): nothing happens outside the product's own production host. There it is
 * announced as a `gatehouse:conversion` event on window. Returns whether it was announced.
 */
export function reportConversion(event: ConversionEvent, host = window.location.host): boolean {
  if (!isProductionHost(host)) return false;
  window.dispatchEvent(new CustomEvent(conversionEventName, { detail: event }));
  return true;
}
