import * as z from 'zod/mini';
import { cookieKeyGuard, privateKeyGuard, type CookieKey, type OidcKeyType, type PrivateKey, type RotatePrivateKeys } from '#schemas/signing-keys.ts';
import type { ListRequester } from '../client.ts';

const keysPath = (type: OidcKeyType) => `/api/configs/oidc/${type}`;

/** A tenant issuer's private and cookie keys on its management API (signing-keys.md §3): never their values. */
export const createSigningKeysApi = (tenant: (tenantId: string) => ListRequester) => ({
  listPrivateKeys: async (tenantId: string): Promise<PrivateKey[]> => z.array(privateKeyGuard).parse(await tenant(tenantId).request('GET', keysPath('private-keys'))),
  listCookieKeys: async (tenantId: string): Promise<CookieKey[]> => z.array(cookieKeyGuard).parse(await tenant(tenantId).request('GET', keysPath('cookie-keys'))),
  /** POST …/private-keys/rotate: 422 oidc.invalid_request while a Next key waits. */
  rotatePrivateKeys: async (tenantId: string, body: RotatePrivateKeys): Promise<void> => {
    await tenant(tenantId).request('POST', `${keysPath('private-keys')}/rotate`, { body });
  },
  rotateCookieKeys: async (tenantId: string): Promise<void> => {
    await tenant(tenantId).request('POST', `${keysPath('cookie-keys')}/rotate`, { body: {} });
  },
  deleteKey: async (tenantId: string, type: OidcKeyType, id: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${keysPath(type)}/${encodeURIComponent(id)}`);
  },
});

export type SigningKeysApi = ReturnType<typeof createSigningKeysApi>;
