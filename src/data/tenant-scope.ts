import { useMemo } from 'react';
import { useParams, useRouteContext } from '@tanstack/react-router';
import type { ApiClient } from '../api/client.ts';

/** The API client and the tenant of the current tenant page: what every tenant query and write is made with. */
export type TenantScope = { api: ApiClient; tenantId: string };

/** The one place that reads the API client from the router and the tenant from the URL, for the tenant's pages. */
export function useTenantScope(): TenantScope {
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId } = useParams({ from: '/_console/$tenantId' });
  return useMemo(() => ({ api, tenantId }), [api, tenantId]);
}

type TenantQueryFactories = Record<string, (api: ApiClient, tenantId: string, ...rest: never[]) => unknown>;

/** An entity's query factories with the API client and the tenant given: `roles.detail(id)`. */
export type BoundQueries<F extends TenantQueryFactories> = {
  [K in keyof F]: F[K] extends (api: ApiClient, tenantId: string, ...rest: infer A) => infer R ? (...rest: A) => R : never;
};

/** Binds query factories that take `(api, tenantId, …)` to a scope; route loaders bind them to their context. */
export const bindTenant = <F extends TenantQueryFactories>(factories: F, { api, tenantId }: TenantScope) =>
  Object.fromEntries(
    Object.entries(factories).map(([name, make]) => [name, (...rest: never[]) => make(api, tenantId, ...rest)]),
  ) as BoundQueries<F>;

/** An entity's queries for the current tenant page (`useTenantQueries(roleQueries).detail(id)`). */
export function useTenantQueries<F extends TenantQueryFactories>(factories: F): BoundQueries<F> {
  const scope = useTenantScope();
  return useMemo(() => bindTenant(factories, scope), [factories, scope]);
}
