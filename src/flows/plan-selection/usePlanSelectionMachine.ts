import { useMemo } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import type { Tenant } from '../../../schemas/tenant.ts';
import { useCheckoutMachine } from '../checkout/useStartCheckout.ts';
import { useTenantCreatedEffects } from '../create-tenant/tenant-created.ts';
import { providePlanSelectionMachine } from './provide.ts';

/** The plan-selection machine with the console's effects; `onOpened` runs once a new free tenant is open. */
export function usePlanSelectionMachine(onOpened?: (tenant: Tenant) => void) {
  const { api } = useRouteContext({ from: '__root__' });
  const effects = useTenantCreatedEffects();
  const checkout = useCheckoutMachine();
  return useMemo(
    () =>
      providePlanSelectionMachine({
        // An existing tenant gets the plans it can switch to; a new tenant the offered ones.
        listPlans: ({ tenantId }) => (tenantId ? api.billing.listAvailableSkus(tenantId) : api.billing.listSkus()),
        createTenant: api.tenants.createTenant,
        addTenant: effects.addTenant,
        notifyTenantCreated: effects.notifyTenantCreated,
        openTenant: (tenant) => {
          effects.openTenant(tenant);
          onOpened?.(tenant);
        },
        checkout,
      }),
    // The machine is built once per modal; the effects read the router when they run.
    [api, checkout],
  );
}
