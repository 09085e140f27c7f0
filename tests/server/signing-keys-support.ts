import { expect } from 'vitest';
import * as z from 'zod/mini';
import { cookieKeyGuard, privateKeyGuard, type OidcKeyType } from '#schemas/signing-keys.ts';
import type { ManagementApi } from './contract/management-resource.ts';
import { clientCredentials, tenantData } from './tenant-runtime-support.ts';
import { call } from './support.ts';

/** The signing-keys routes of a tenant's management API, as its tests call them. */
export const keysApi = (api: ManagementApi, token = api.token) => {
  const url = (type: OidcKeyType, rest = '') => `${api.base}/configs/oidc/${type}${rest}`;
  const listed = async <G extends z.ZodMiniType>(response: Response, guard: G) => {
    expect(response.status).toBe(200);
    return z.array(guard).parse(await response.json());
  };
  return {
    url,
    privateKeys: async () => listed(await call(url('private-keys'), token, 'GET'), privateKeyGuard),
    cookieKeys: async () => listed(await call(url('cookie-keys'), token, 'GET'), cookieKeyGuard),
    rotate: (type: OidcKeyType, body: Record<string, unknown> = {}) => call(url(type, '/rotate'), token, 'POST', body),
    rotatePrivate: async (body: Record<string, unknown> = {}) => listed(await call(url('private-keys', '/rotate'), token, 'POST', body), privateKeyGuard),
    remove: (type: OidcKeyType, id: string) => call(url(type, `/${encodeURIComponent(id)}`), token, 'DELETE'),
  };
};

/** A machine-to-machine app of the tenant with access to an API; `token()` gets a client-credentials token for it. */
export const tokenMachine = async (api: ManagementApi, indicator = 'https://orders.example.test') => {
  const data = tenantData(api.server.db, api.tenantId);
  const { scopeIds } = await data.resource(indicator, ['read:orders']);
  const id = await data.application('MachineToMachine');
  const secret = await data.secret(id);
  await data.assignToApplication(id, await data.role('MachineToMachine', Object.values(scopeIds)));
  const issuer = `${api.server.url}/t/${api.tenantId}/oidc`;
  const token = async () => {
    const { status, body } = await clientCredentials(issuer, { clientId: id, secret, resource: indicator, scope: 'read:orders' });
    expect(status).toBe(200);
    return String(body.access_token);
  };
  return { issuer, indicator, token };
};

/** The `kid`s the tenant's JWKS publishes now. */
export const publishedKids = async (issuer: string) => {
  const response = await fetch(`${issuer}/jwks`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid).sort();
};
