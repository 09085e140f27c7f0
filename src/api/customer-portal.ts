import { billingApi } from './billing.ts';
import type { ApiClient } from './client.ts';

/**
 * The payment provider's customer portal of a tenant, which links back to `callbackUrl`. The notices (first screen)
 * load this with the click; importing ./billing.ts itself there would make it a lazy chunk that the shared chunks
 * holding the billing guards import, and each would wait for the other.
 */
export const customerPortalUrl = (api: ApiClient, tenantId: string, callbackUrl: string) => billingApi(api).createCustomerPortal(tenantId, callbackUrl);
