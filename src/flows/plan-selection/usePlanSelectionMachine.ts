import { useMemo } from 'react';
import { useRouteContext } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { planSelectionMachine, type PlansRequest } from '#machines/plan-selection.machine.ts';
import type { Sku } from '#schemas/billing.ts';
import type { CreateTenant, Tenant } from '#schemas/tenant.ts';
import { useCheckoutMachine } from '../checkout/useStartCheckout.ts';
import { tenantCreatedImplementations, useTenantCreatedEffects } from '../create-tenant/tenant-created.ts';
import { billingApi } from '#src/api/billing.ts';

/** The plan-selection machine with the console's effects; `onOpened` runs once a new free tenant is open. */
export function usePlanSelectionMachine(onOpened?: (tenant: Tenant) => void) {
  const { api } = useRouteContext({ from: '__root__' });
  const effects = useTenantCreatedEffects();
  const checkout = useCheckoutMachine();
  return useMemo(
    () =>
      planSelectionMachine.provide({
        actors: {
          // An existing tenant gets the plans it can switch to; a new tenant the offered ones.
          listPlans: fromPromise<Sku[], PlansRequest>(({ input: { tenantId } }) =>
            tenantId ? billingApi(api).listAvailableSkus(tenantId) : billingApi(api).listSkus(),
          ),
          createTenant: fromPromise<Tenant, CreateTenant>(({ input }) => api.tenants.createTenant(input)),
          checkout,
        },
        actions: tenantCreatedImplementations({
          ...effects,
          openTenant: (tenant) => {
            effects.openTenant(tenant);
            onOpened?.(tenant);
          },
        }),
      }),
    // The machine is built once per modal; the effects read the router when they run.
    [api, checkout],
  );
}
