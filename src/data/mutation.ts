import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import type { ApiClient } from '../api/client.ts';
import { tenantKeys, type TenantEntity } from './keys.ts';

/**
 * A write to one entity of a tenant, or to a link between two (a user's roles). Once it settles (a failed write may
 * have changed something too, and a control such as a role select has to show the server's value again), every list
 * and detail of the entities is refetched; the mutation resolves after that.
 */
export function useTenantMutation<TVariables = void, TData = unknown>(
  tenantId: string,
  entity: TenantEntity | readonly TenantEntity[],
  write: (api: ApiClient, variables: TVariables) => Promise<TData>,
) {
  const { api } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const entities: readonly TenantEntity[] = typeof entity === 'string' ? [entity] : entity;
  return useMutation({
    mutationFn: (variables: TVariables) => write(api, variables),
    onSettled: () => Promise.all(entities.map((each) => queryClient.invalidateQueries({ queryKey: tenantKeys.entity(tenantId, each) }))),
  });
}
