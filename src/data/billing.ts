import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys } from './keys.ts';
import { billingApi } from '#src/api/billing.ts';

/** The tenant's subscription, its usage and its invoices (cloud). */
export const billingQueries = {
  subscription: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'subscription'), queryFn: () => billingApi(api).getSubscription(tenantId) }),
  usage: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'usage'), queryFn: () => billingApi(api).getSubscriptionUsage(tenantId) }),
  invoices: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'invoices'), queryFn: () => billingApi(api).listInvoices(tenantId) }),
};
