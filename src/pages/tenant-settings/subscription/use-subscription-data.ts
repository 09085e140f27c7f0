import { useEffect } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import type { SubscriptionResponse, SubscriptionUsage } from '../../../../schemas/billing.ts';
import { useLoaded } from '../../../ui/useLoaded.ts';

export type SubscriptionData = { subscription: SubscriptionResponse; usage: SubscriptionUsage };

/**
 * The tenant's subscription and usage, fetched again after every successful write in cloud (spec 01 §7); `reload`
 * joins a refetch already running.
 */
export function useSubscriptionData(tenantId: string) {
  const { api } = useRouteContext({ from: '__root__' });
  const data = useLoaded(async (): Promise<SubscriptionData> => {
    const [subscription, usage] = await Promise.all([api.billing.getSubscription(tenantId), api.billing.getSubscriptionUsage(tenantId)]);
    return { subscription, usage };
  }, [api, tenantId]);
  const { reload } = data;
  useEffect(() => api.onMutation(() => void reload()), [api, reload]);
  return data;
}
