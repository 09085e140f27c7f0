import { MutationCache, QueryClient, type QueryFilters } from '@tanstack/react-query';
import type { Edition } from '#schemas/config.ts';
import { hasFeature } from '../edition.ts';
import { isUsageKey } from './keys.ts';

/** The usage and quota on screen: the tenant list, and the subscription and usage of a tenant. */
const usageOnScreen = { type: 'active', predicate: ({ queryKey }) => isUsageKey(queryKey) } as const satisfies QueryFilters;

/** How long a tenant's data, once fetched, is shown again without fetching it anew. */
const tenantDataStaleTime = 10_000;

/**
 * The console's query client. The request client already retries reads (never on 401 and 403), so Query does not.
 * In cloud, every successful write refetches the usage and quota on screen (spec 01 §7): this is the one place that
 * does it. The write does not wait for that refetch.
 */
export function createQueryClient(edition: Edition) {
  const refetchesUsage = hasFeature(edition, 'quotas');
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
    mutationCache: new MutationCache({
      onSuccess: () => {
        if (refetchesUsage) void queryClient.invalidateQueries(usageOnScreen);
      },
    }),
  });
  // The user's own data is loaded once per sign-in, and fetched again only when invalidated or refetched.
  queryClient.setQueryDefaults(['user'], { staleTime: Infinity, gcTime: Infinity });
  // What a route's loader fetched is still fresh when its page mounts a moment later, so the page does not fetch it
  // again; writes invalidate it at once whatever its age.
  queryClient.setQueryDefaults(['tenant'], { staleTime: tenantDataStaleTime });
  return queryClient;
}
