import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { tenantQueries } from '../data/tenants.ts';
import type { ConsoleRouter } from './router.ts';

/**
 * The router under the query client. The routes see the tenant list of the query cache, which the session seeds: it is
 * fetched only once seeded (signed in), and then only when invalidated.
 */
export function ConsoleRouterProvider({ router }: { router: ConsoleRouter }) {
  const { api, queryClient } = router.options.context;
  const { data: tenants } = useQuery({ ...tenantQueries.list(api), enabled: ({ state }) => state.data !== undefined }, queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} context={tenants ? { tenants } : {}} />
    </QueryClientProvider>
  );
}
