import { queryOptions } from '@tanstack/react-query';
import type { OidcKeyType, RotatePrivateKeys } from '#schemas/signing-keys.ts';
import type { ApiClient } from '../api/client.ts';
import { createSigningKeysApi } from '../api/management/signing-keys.ts';
import { tenantKeys } from './keys.ts';
import { useTenantMutation } from './mutation.ts';

// Made on first use, here rather than in the API client (see ManagementApis).
const signingKeysApi = (api: ApiClient) => (api.signingKeys ??= createSigningKeysApi(api.tenant));

/** The tenant issuer's private keys and cookie keys. */
export const signingKeyQueries = {
  privateKeys: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'signing-keys', { type: 'private-keys' }), queryFn: () => signingKeysApi(api).listPrivateKeys(tenantId) }),
  cookieKeys: (api: ApiClient, tenantId: string) =>
    queryOptions({ queryKey: tenantKeys.list(tenantId, 'signing-keys', { type: 'cookie-keys' }), queryFn: () => signingKeysApi(api).listCookieKeys(tenantId) }),
};

export const useRotateKeys = (type: OidcKeyType) =>
  useTenantMutation('signing-keys', ({ api, tenantId }, body: RotatePrivateKeys) =>
    type === 'private-keys' ? signingKeysApi(api).rotatePrivateKeys(tenantId, body) : signingKeysApi(api).rotateCookieKeys(tenantId),
  );

export const useDeleteKey = (type: OidcKeyType) => useTenantMutation('signing-keys', ({ api, tenantId }, id: string) => signingKeysApi(api).deleteKey(tenantId, type, id));
