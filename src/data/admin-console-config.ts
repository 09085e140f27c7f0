import { queryOptions, useQueryClient } from '@tanstack/react-query';
import type { AdminConsoleConfigPatch } from '#schemas/admin-console-config.ts';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys } from './keys.ts';
import { useTenantScope } from './tenant-scope.ts';

/** A tenant's admin-console config: only a hint for the user (the migration notice), so a failure shows nothing. */
export const adminConsoleConfigQueries = {
  detail: (api: ApiClient, tenantId: string) =>
    queryOptions({
      queryKey: tenantKeys.detail(tenantId, 'admin-console-config'),
      queryFn: () => api.adminConsoleConfig.get(tenantId),
    }),
};

/**
 * PATCH the config; the answer replaces the cached one (spec 01 §7). A PATCH changes no usage (spec 01 §7 refetches it
 * after POST, PUT and DELETE), so this write is a plain request: the mutation machinery stays off the first screen,
 * where the migration notice is.
 */
export function usePatchAdminConsoleConfig() {
  const { api, tenantId } = useTenantScope();
  const queryClient = useQueryClient();
  const { queryKey } = adminConsoleConfigQueries.detail(api, tenantId);
  // Failures were shown by the request client; the notice stays dismissed for this visit.
  return (patch: AdminConsoleConfigPatch) =>
    void api.adminConsoleConfig.patch(tenantId, patch).then((config) => queryClient.setQueryData(queryKey, config), () => {});
}
