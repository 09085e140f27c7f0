import * as z from 'zod/mini';
import {
  tenantEndpointsGuard,
  tenantGuard,
  type CreateTenant,
  type Tenant,
  type TenantEndpoints,
  type UpdateTenant,
} from '#schemas/tenant.ts';
import type { CloudRequesters } from './client.ts';

export const tenantPath = (tenantId: string) => `/api/tenants/${encodeURIComponent(tenantId)}`;

/** The signed-in user's tenants (cloud API token). */
export const createTenantsApi = ({ cloud }: CloudRequesters) => ({
  /** GET /api/tenants: the tenants the user is a member of. */
  listTenants: async (): Promise<Tenant[]> => z.array(tenantGuard).parse(await cloud.request('GET', '/api/tenants')),
  /** POST /api/tenants (create:tenant): the creator becomes the tenant's admin. */
  createTenant: async (body: CreateTenant): Promise<Tenant> =>
    tenantGuard.parse(await cloud.request('POST', '/api/tenants', { body })),
  /** PATCH /api/tenants/{tenantId} (manage:tenant). */
  updateTenant: async (tenantId: string, body: UpdateTenant): Promise<Tenant> =>
    tenantGuard.parse(await cloud.request('PATCH', tenantPath(tenantId), { body })),
  /** DELETE /api/tenants/{tenantId} (manage:tenant): removes the tenant and all its data. */
  deleteTenant: async (tenantId: string): Promise<void> => {
    await cloud.request('DELETE', tenantPath(tenantId));
  },
  /** GET /api/.well-known/endpoints/{tenantId}: `user` is the tenant's endpoint URL. */
  getTenantEndpoint: async (tenantId: string): Promise<TenantEndpoints> =>
    tenantEndpointsGuard.parse(await cloud.request('GET', `/api/.well-known/endpoints/${encodeURIComponent(tenantId)}`)),
});
export type TenantsApi = ReturnType<typeof createTenantsApi>;
