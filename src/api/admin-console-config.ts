import { adminConsoleConfigGuard, type AdminConsoleConfig, type AdminConsoleConfigPatch } from '#schemas/admin-console-config.ts';
import type { Requester, RequestOptions } from './client.ts';

/** A tenant's admin-console config on its management API (spec 01 §3): the migration notice reads and writes it. */
export const createAdminConsoleConfigApi = (tenant: (tenantId: string) => Requester) => ({
  /** GET api/configs/admin-console. */
  get: async (tenantId: string, options?: RequestOptions): Promise<AdminConsoleConfig> =>
    adminConsoleConfigGuard.parse(await tenant(tenantId).request('GET', '/api/configs/admin-console', options)),
  /** PATCH api/configs/admin-console: the given top-level keys replace the stored ones; answers the whole config. */
  patch: async (tenantId: string, patch: AdminConsoleConfigPatch): Promise<AdminConsoleConfig> =>
    adminConsoleConfigGuard.parse(await tenant(tenantId).request('PATCH', '/api/configs/admin-console', { body: patch })),
});
