import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ErrorCode } from '#schemas/error-codes.ts';
import { tenantKeys, type TenantEntity } from './keys.ts';
import { refreshedBy } from './links.ts';
import { useTenantScope, type TenantScope } from './tenant-scope.ts';

/** Refetches what a write to `entity` changed: its lists and details, and those of the entities linked to it (links.ts). */
export const refreshAfterWrite = (queryClient: QueryClient, tenantId: string, entity: TenantEntity) =>
  Promise.all(refreshedBy(entity).map((each) => queryClient.invalidateQueries({ queryKey: tenantKeys.entity(tenantId, each) })));

/**
 * What a page says of its write: the error codes it shows itself (a field's message, a notice); the kit toasts the rest.
 * `'every'` for a write whose every failure the caller shows (a bulk action's summary).
 */
export type WriteOptions = { handles?: readonly ErrorCode[] | 'every' };

/**
 * A write to one entity of the current tenant, or to its links to others (a user's roles). Once it settles (a failed
 * write may have changed something too, and a control such as a role select has to show the server's value again),
 * the entity and the entities linked to it are refetched; the mutation resolves after that.
 */
export function useTenantMutation<TVariables = void, TData = unknown>(
  entity: TenantEntity,
  write: (scope: TenantScope, variables: TVariables) => Promise<TData>,
  { handles }: WriteOptions = {},
) {
  const scope = useTenantScope();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => write(scope, variables),
    meta: { handles },
    onSettled: () => refreshAfterWrite(queryClient, scope.tenantId, entity),
  });
}
