import { MutationCache, QueryClient, type QueryFilters } from '@tanstack/react-query';
import type { Edition } from '#schemas/config.ts';
import { reportApiError, toApiError, wasReported, type ErrorFeedback, type SessionPort } from '../api/errors.ts';
import { hasFeature } from '../edition.ts';
import { isUsageKey } from './keys.ts';
import type { WriteOptions } from './mutation.ts';

/** The usage and quota on screen: the tenant list, and the subscription and usage of a tenant. */
const usageOnScreen = { type: 'active', predicate: ({ queryKey }) => isUsageKey(queryKey) } as const satisfies QueryFilters;

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: WriteOptions;
  }
}

/** Where the kit shows a failed write: the request client's error catalogue and toasts. */
export type ErrorPorts = { feedback: ErrorFeedback; session: SessionPort };

/** How long a tenant's data, once fetched, is shown again without fetching it anew. */
const tenantDataStaleTime = 10_000;

/**
 * The console's query client. The request client already retries reads (never on 401 and 403), so Query does not.
 * In cloud, every successful write refetches the usage and quota on screen (spec 01 §7): this is the one place that
 * does it. The write does not wait for that refetch.
 * A failed write is shown here, once for every write (the error policy, see src/api/client.ts): through the catalogue
 * and its toast, unless the request client already did or the write declares the code (`meta.handles`).
 */
export function createQueryClient(edition: Edition, ports?: ErrorPorts) {
  const refetchesUsage = hasFeature(edition, 'quotas');
  const queryClient: QueryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
    mutationCache: new MutationCache({
      onSuccess: () => {
        if (refetchesUsage) void queryClient.invalidateQueries(usageOnScreen);
      },
      onError: (error, _variables, _context, mutation) => {
        const handles = mutation.meta?.handles;
        const handling = handles === 'every' ? { hideErrorToast: true } : { suppressErrorCodes: handles };
        if (ports && !wasReported(error)) void reportApiError(toApiError(error), ports, handling);
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
