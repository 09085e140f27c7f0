import { fromPromise } from 'xstate';
import { checkoutSuccessMachine, type PurchaseNotice } from '../../../machines/checkout-success.machine.ts';
import type { CheckoutSession, SubscriptionResponse } from '../../../schemas/billing.ts';
import type { Tenant } from '../../../schemas/tenant.ts';
import type { ConversionEvent } from './conversion.ts';

export type CheckoutSuccessDependencies = {
  getCheckoutSession: (sessionId: string) => Promise<CheckoutSession>;
  getSubscription: (tenantId: string) => Promise<SubscriptionResponse>;
  refreshTenants: () => Promise<Tenant[]>;
  clearCheckoutRecord: () => void;
  notifyInvalidRecord: () => void;
  notifyTimeout: () => void;
  notifyPurchased: (notice: PurchaseNotice) => void;
  reportConversion: (event: ConversionEvent) => void;
  goHome: () => void;
  goToCallbackPage: (callbackPage: string | undefined) => void;
  switchTenant: (tenantId: string) => void;
};

/** The checkout-success machine with its real effects: the cloud API, session storage, toasts, the session and the router. */
export function provideCheckoutSuccessMachine(deps: CheckoutSuccessDependencies) {
  return checkoutSuccessMachine.provide({
    actors: {
      getCheckoutSession: fromPromise<CheckoutSession, { sessionId: string }>(({ input }) => deps.getCheckoutSession(input.sessionId)),
      getSubscription: fromPromise<SubscriptionResponse, { tenantId: string }>(({ input }) => deps.getSubscription(input.tenantId)),
      refreshTenants: fromPromise(() => deps.refreshTenants()),
    },
    actions: {
      clearCheckoutRecord: () => deps.clearCheckoutRecord(),
      notifyInvalidRecord: () => deps.notifyInvalidRecord(),
      notifyTimeout: () => deps.notifyTimeout(),
      notifyPurchased: (_, notice) => deps.notifyPurchased(notice),
      reportPurchaseConversion: (_, skuId) => deps.reportConversion({ type: 'purchase', skuId }),
      reportProductionTenantConversion: (_, tenantId) => deps.reportConversion({ type: 'productionTenant', tenantId }),
      goHome: () => deps.goHome(),
      goToCallbackPage: (_, callbackPage) => deps.goToCallbackPage(callbackPage),
      switchTenant: (_, tenantId) => deps.switchTenant(tenantId),
    },
  });
}
