import { useQuery, useSuspenseQuery, type UseSuspenseQueryOptions } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ApiClient } from '../api/client.ts';
import type { tenantKeys } from './keys.ts';
import { useTenantScope } from './tenant-scope.ts';

/** An entity's detail query (`roleQueries.detail`): what a details page at `…/$id` shows. */
export type DetailQueryOf<T> = (api: ApiClient, tenantId: string, id: string) => UseSuspenseQueryOptions<T, Error, T, ReturnType<typeof tenantKeys.detail>>;

function useDetailScope() {
  const { api, tenantId } = useTenantScope();
  const { id } = useParams({ strict: false });
  if (id === undefined) throw new Error('A details page has an $id in its URL');
  return { api, tenantId, id };
}

/** The entity of the details page as its layout loads it (DetailLayout shows the loading, not-found and error states). */
export function useDetailQuery<T>(detail: DetailQueryOf<T>) {
  const { api, tenantId, id } = useDetailScope();
  return { tenantId, query: useQuery(detail(api, tenantId, id)) };
}

/** The entity of the details page, in its tabs: the layout renders them only once it is loaded. */
export function useDetail<T>(detail: DetailQueryOf<T>) {
  const { api, tenantId, id } = useDetailScope();
  return { tenantId, entity: useSuspenseQuery(detail(api, tenantId, id)).data };
}
