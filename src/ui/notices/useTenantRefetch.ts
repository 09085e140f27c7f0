import { useEffect } from 'react';
import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useServices } from '../../app/services.ts';

/**
 * After every successful POST, PUT or DELETE in cloud, the tenant list is fetched again and the current tenant's
 * record (usage, quota, plan, open invoices, suspension) replaced in the session's list (spec 01 §7). Writes that come
 * while a refetch runs are answered by one more refetch after it.
 */
export function useTenantRefetch(tenantId: string) {
  const { api } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const { setTenants } = useServices();

  useEffect(() => {
    let running = false;
    let again = false;
    let active = true;
    const refetch = async () => {
      running = true;
      try {
        do {
          again = false;
          const updated = (await api.tenants.listTenants().catch(() => [])).find(({ id }) => id === tenantId);
          const current = router.options.context.tenants;
          if (active && updated && current.some(({ id }) => id === tenantId)) {
            setTenants(current.map((tenant) => (tenant.id === tenantId ? updated : tenant)));
          }
        } while (again && active);
      } finally {
        running = false;
      }
    };
    const stop = api.onMutation(() => {
      if (running) again = true;
      else void refetch();
    });
    return () => {
      active = false;
      stop();
    };
  }, [api, router, setTenants, tenantId]);
}
