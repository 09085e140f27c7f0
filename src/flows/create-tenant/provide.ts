import { fromPromise } from 'xstate';
import { createTenantMachine } from '../../../machines/create-tenant.machine.ts';
import type { CreateTenant, Tenant } from '../../../schemas/tenant.ts';
import type { ProvidedPlanSelectionMachine } from '../plan-selection/provide.ts';
import { tenantCreatedImplementations, type TenantCreatedDependencies } from './tenant-created.ts';

export type CreateTenantDependencies = TenantCreatedDependencies & {
  createTenant: (body: CreateTenant) => Promise<Tenant>;
  planSelection: ProvidedPlanSelectionMachine;
};

/** The create-tenant machine with its real effects: the cloud API, the session's tenant list, the toast, the router, plan selection. */
export function provideCreateTenantMachine(deps: CreateTenantDependencies) {
  return createTenantMachine.provide({
    actors: {
      createTenant: fromPromise<Tenant, CreateTenant>(({ input }) => deps.createTenant(input)),
      planSelection: deps.planSelection,
    },
    actions: tenantCreatedImplementations(deps),
  });
}
