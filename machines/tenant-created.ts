import type { Tenant } from '../schemas/tenant.ts';

/** What creating a tenant does once the server has it, in the create-tenant modal and in plan selection. */
export const tenantCreatedActions = {
  /** Puts the new tenant into the session's tenant list. */
  addTenant: (_args: unknown, _tenant: Tenant) => {},
  /** The 'tenant created' success toast. */
  notifyTenantCreated: (_args: unknown, _tenant: Tenant) => {},
  /** Navigates to the new tenant (and closes the modals). */
  openTenant: (_args: unknown, _tenant: Tenant) => {},
};

const createdTenant = ({ event }: { event: { output: Tenant } }) => event.output;

/** The actions of a createTenant invoke's onDone, in order. */
export const onTenantCreated = [
  { type: 'addTenant', params: createdTenant },
  { type: 'notifyTenantCreated', params: createdTenant },
  { type: 'openTenant', params: createdTenant },
] as const;
