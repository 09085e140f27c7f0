import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { AdminConsoleConfigPatch } from '../../schemas/billing.ts';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys } from './keys.ts';

/** A tenant's admin-console config: only a hint for the user (the migration notice), so a failure shows nothing. */
export const adminConsoleConfigQueries = {
  detail: (api: ApiClient, tenantId: string) =>
    queryOptions({
      queryKey: tenantKeys.detail(tenantId, 'admin-console-config'),
      queryFn: () => api.billing.getAdminConsoleConfig(tenantId, { hideErrorToast: true }),
    }),
};

/** PATCH the config; the answer replaces the cached one (spec 01 §7). */
export function usePatchAdminConsoleConfig(tenantId: string) {
  const { api } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: AdminConsoleConfigPatch) => api.billing.patchAdminConsoleConfig(tenantId, patch),
    onSuccess: (config) => queryClient.setQueryData(adminConsoleConfigQueries.detail(api, tenantId).queryKey, config),
  });
}
