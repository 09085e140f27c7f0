import { fromPromise } from 'xstate';
import { createTenantMachine } from '../../../machines/create-tenant.machine.ts';
import type { CreateTenant, Tenant } from '../../../schemas/tenant.ts';

export type CreateTenantDependencies = {
  createTenant: (body: CreateTenant) => Promise<Tenant>;
  addTenant: (tenant: Tenant) => void;
  notifyTenantCreated: () => void;
  openTenant: (tenant: Tenant) => void;
};

/** The create-tenant machine with its real effects: the cloud API, the session's tenant list, the toast and the router. */
export function provideCreateTenantMachine(deps: CreateTenantDependencies) {
  return createTenantMachine.provide({
    actors: { createTenant: fromPromise<Tenant, CreateTenant>(({ input }) => deps.createTenant(input)) },
    actions: {
      addTenant: (_, tenant) => deps.addTenant(tenant),
      notifyTenantCreated: () => deps.notifyTenantCreated(),
      openTenant: (_, tenant) => deps.openTenant(tenant),
    },
  });
}
