import { fromPromise } from 'xstate';
import { planSelectionMachine, type PlansRequest } from '../../../machines/plan-selection.machine.ts';
import type { Sku } from '../../../schemas/billing.ts';
import type { CreateTenant, Tenant } from '../../../schemas/tenant.ts';
import type { ProvidedCheckoutMachine } from '../checkout/provide.ts';
import { tenantCreatedImplementations, type TenantCreatedDependencies } from '../create-tenant/tenant-created.ts';

export type PlanSelectionDependencies = TenantCreatedDependencies & {
  listPlans: (request: PlansRequest) => Promise<Sku[]>;
  createTenant: (body: CreateTenant) => Promise<Tenant>;
  checkout: ProvidedCheckoutMachine;
};

/** The plan-selection machine with its real effects: the plans, the new free tenant, and the checkout start. */
export function providePlanSelectionMachine(deps: PlanSelectionDependencies) {
  return planSelectionMachine.provide({
    actors: {
      listPlans: fromPromise<Sku[], PlansRequest>(({ input }) => deps.listPlans(input)),
      createTenant: fromPromise<Tenant, CreateTenant>(({ input }) => deps.createTenant(input)),
      checkout: deps.checkout,
    },
    actions: tenantCreatedImplementations(deps),
  });
}

export type ProvidedPlanSelectionMachine = ReturnType<typeof providePlanSelectionMachine>;
