import { createFileRoute } from '@tanstack/react-router';
import type { OidcKeyType } from '#schemas/signing-keys.ts';
import { signingKeyQueries } from '#src/data/signing-keys.ts';
import { SigningKeysPage } from '#src/pages/signing-keys/SigningKeysPage.tsx';

/** `?type=cookie-keys` shows the cookie keys, so the view is linkable; anything else the private keys. */
const readKeySearch = (search: Record<string, unknown>): { type?: 'cookie-keys' } => (search.type === 'cookie-keys' ? { type: 'cookie-keys' } : {});
const typeOf = (search: { type?: 'cookie-keys' }): OidcKeyType => search.type ?? 'private-keys';

export const Route = createFileRoute('/_console/$tenantId/signing-keys')({
  validateSearch: readKeySearch,
  loaderDeps: ({ search }) => search,
  // Starts the list's request with the route's code; the page shows its loading state meanwhile.
  loader: ({ context, params, deps }) => {
    const { queryClient, api } = context;
    if (typeOf(deps) === 'private-keys') void queryClient.prefetchQuery(signingKeyQueries.privateKeys(api, params.tenantId));
    else void queryClient.prefetchQuery(signingKeyQueries.cookieKeys(api, params.tenantId));
  },
  component: () => <SigningKeysPage type={typeOf(Route.useSearch())} />,
});
