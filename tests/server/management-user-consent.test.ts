import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { organizationIdOf } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import { userConsentScopesGuard } from '#schemas/user-consent.ts';
import { oidcModels } from '#server/db/schema.ts';
import { managementApiScopeId } from '#server/tenant/resources/store.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { createApplication, createResourceWithScopes } from './idp-rows.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

let server: TestServer;
let admin: TestUser;
let api: ManagementApi;

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await signUpUser(server, 'consent');
  api = await openTenant(server, admin, planIds.development);
});
afterAll(() => server?.close());

const consentScopes = async (api: ManagementApi, appId: string) => {
  const response = await call(`${api.base}/applications/${appId}/user-consent-scopes`, api.token, 'GET');
  expect(response.status).toBe(200);
  return userConsentScopesGuard.parse(await response.json());
};

test('a third-party app enables user scopes and API permissions, grouped by resource, and disables them one by one', async () => {
  const partner = await createApplication(api, {
    name: 'Partner portal',
    type: 'Traditional',
    isThirdParty: true,
  });
  const { resource, scopes } = await createResourceWithScopes(api, 'Orders', ['read:orders', 'write:orders']);
  const url = `${api.base}/applications/${partner.id}/user-consent-scopes`;
  expect(await consentScopes(api, partner.id)).toEqual({
    userScopes: [],
    resourceScopes: [],
  });

  const body = {
    userScopes: ['email', 'roles'],
    resourceScopes: [scopes[0]!.id],
  };
  expect((await call(url, api.token, 'POST', body)).status).toBe(201);
  expect(
    (
      await call(url, api.token, 'POST', {
        ...body,
        resourceScopes: scopes.map((scope) => scope.id),
      })
    ).status,
  ).toBe(201);
  expect(await consentScopes(api, partner.id)).toEqual({
    userScopes: ['email', 'roles'],
    resourceScopes: [
      {
        resource: {
          id: resource.id,
          name: 'Orders',
          indicator: resource.indicator,
        },
        scopes: scopes.map(({ id, name, description }) => ({
          id,
          name,
          description,
        })),
      },
    ],
  });

  expect((await call(`${url}/user-scopes/email`, api.token, 'DELETE')).status).toBe(204);
  expect((await call(`${url}/resource-scopes/${scopes[1]!.id}`, api.token, 'DELETE')).status).toBe(204);
  await expectError(await call(`${url}/user-scopes/email`, api.token, 'DELETE'), 404, 'entity.not_exists_with_id');
  await expectError(await call(`${url}/organization-scopes/x`, api.token, 'DELETE'), 404, 'entity.not_exists_with_id');
  expect(await consentScopes(api, partner.id)).toMatchObject({
    userScopes: ['roles'],
    resourceScopes: [{ scopes: [{ id: scopes[0]!.id }] }],
  });
});

test('only a third-party app has consent scopes, each one the tenant has and none of the management API', async () => {
  const own = await createApplication(api, { name: 'Storefront', type: 'SPA' });
  const partner = await createApplication(api, {
    name: 'Partner app',
    type: 'SPA',
    isThirdParty: true,
  });
  const ownUrl = `${api.base}/applications/${own.id}/user-consent-scopes`;
  await expectError(await call(ownUrl, api.token, 'GET'), 422, 'application.third_party_only');
  await expectError(await call(ownUrl, api.token, 'POST', { userScopes: ['email'] }), 422, 'application.third_party_only');
  await expectError(await call(`${ownUrl}/user-scopes/email`, api.token, 'DELETE'), 422, 'application.third_party_only');

  const url = `${api.base}/applications/${partner.id}/user-consent-scopes`;
  await expectError(await call(url, api.token, 'POST', { userScopes: ['openid'] }), 400, 'guard.invalid_input');
  await expectError(await call(url, api.token, 'POST', { resourceScopes: ['missing'] }), 404, 'entity.not_exists_with_id');
  await expectError(
    await call(url, api.token, 'POST', {
      resourceScopes: [managementApiScopeId],
    }),
    422,
    'application.management_api_scope',
  );
  expect(await consentScopes(api, partner.id)).toEqual({
    userScopes: [],
    resourceScopes: [],
  });
});

test("another tenant's app and permissions are not found", async () => {
  const other = await openTenant(server, admin, planIds.development);
  const partner = await createApplication(api, {
    name: 'Partner',
    type: 'SPA',
    isThirdParty: true,
  });
  const { scopes } = await createResourceWithScopes(other, 'Billing', ['read:invoices']);
  await expectError(await call(`${other.base}/applications/${partner.id}/user-consent-scopes`, other.token, 'GET'), 404, 'entity.not_exists_with_id');
  await expectError(
    await call(`${api.base}/applications/${partner.id}/user-consent-scopes`, api.token, 'POST', { resourceScopes: [scopes[0]!.id] }),
    404,
    'entity.not_exists_with_id',
  );
});

test('reading needs a token with read:data, enabling write:data and disabling delete:data', async () => {
  const partner = await createApplication(api, {
    name: 'Scoped partner',
    type: 'SPA',
    isThirdParty: true,
  });
  const url = `${api.base}/applications/${partner.id}/user-consent-scopes`;
  await expectError(await call(url, undefined, 'GET'), 401, 'auth.authorization_header_missing');
  const readOnly = await admin.session.organizationToken(organizationIdOf(api.tenantId), 'read:data');
  expect((await call(url, readOnly, 'GET')).status).toBe(200);
  const refused = await expectError(await call(url, readOnly, 'POST', { userScopes: ['email'] }), 403, 'auth.insufficient_scope');
  expect(refused.details).toEqual({ requiredScope: 'write:data' });
  const removal = await expectError(await call(`${url}/user-scopes/email`, readOnly, 'DELETE'), 403, 'auth.insufficient_scope');
  expect(removal.details).toEqual({ requiredScope: 'delete:data' });
});

test("disabling a permission ends the app's grants, so its users consent again; other apps keep theirs", async () => {
  const partner = await createApplication(api, { name: 'Consented partner', type: 'SPA', isThirdParty: true });
  const other = await createApplication(api, { name: 'Other partner', type: 'SPA', isThirdParty: true });
  const url = `${api.base}/applications/${partner.id}/user-consent-scopes`;
  expect((await call(url, api.token, 'POST', { userScopes: ['email', 'phone'] })).status).toBe(201);
  const grant = (id: string, clientId: string) => ({
    tenantId: api.tenantId,
    model: 'Grant',
    id,
    payload: { clientId, accountId: 'u1', openid: { scope: 'openid email' } },
  });
  await server.db.insert(oidcModels).values([grant('g-partner', partner.id), grant('g-other', other.id)]);
  const grantIds = async () =>
    (
      await server.db
        .select({ id: oidcModels.id })
        .from(oidcModels)
        .where(and(eq(oidcModels.tenantId, api.tenantId), eq(oidcModels.model, 'Grant')))
    ).map((row) => row.id);

  expect((await call(`${url}/user-scopes/phone`, api.token, 'DELETE')).status).toBe(204);
  expect(await grantIds()).toEqual(['g-other']);
});
