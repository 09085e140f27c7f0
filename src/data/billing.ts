import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys } from './keys.ts';

/** The tenant's subscription, its usage and its invoices (cloud). */
export const billingQueries = {
  subscription: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'subscription'), queryFn: () => api.billing.getSubscription(tenantId) }),
  usage: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.detail(tenantId, 'usage'), queryFn: () => api.billing.getSubscriptionUsage(tenantId) }),
  invoices: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'invoices'), queryFn: () => api.billing.listInvoices(tenantId) }),
};
