import { and, eq } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf } from '#schemas/constants.ts';
import { jwtCustomizerGuard, maskedEnvironmentValue } from '#schemas/jwt-customizer.ts';
import { planIds } from '#schemas/quota.ts';
import { jwtCustomizers, logs } from '#server/db/idp.ts';
import { tenants } from '#server/db/schema.ts';
import { openTenant } from './contract/management-resource.ts';
import { basicAuth, client, conformanceSetup, postForm, signedUp, type Conformance } from './conformance/support.ts';
import { call, expectError, signUpUser } from './support.ts';

/** Custom JWT claims (customize-jwt.md §5–7): the management routes, and real tokens of the tenant's issuer. */

let setup: Conformance;
let base: string;
let token: string;
const indicator = 'https://api.jwt.example.test';

beforeAll(async () => {
  setup = await conformanceSetup('jwt');
  await setup.server.db.update(tenants).set({ planId: planIds.development }).where(eq(tenants.id, setup.tenantId));
  await setup.data.resource(indicator, []);
}, 60_000);
afterAll(() => setup?.server.close());

const send = (method: string, path: string, body?: unknown) => call(`${base}${path}`, token, method, body);
const script = (body: string) => `const getCustomJwtClaims = async ({ token, context, environmentVariables, api }) => { ${body} };`;

const clientCredentialsToken = async () => (await client.clientCredentialsGrant(setup.machine, { resource: indicator })).access_token;
const verified = async (jwt: string) => {
  const jwks = createRemoteJWKSet(new URL(setup.machine.serverMetadata().jwks_uri!));
  return (await jwtVerify(jwt, jwks, { issuer: setup.issuer, audience: indicator })).payload;
};

describe('management routes', () => {
  beforeAll(async () => {
    const admin = await signUpUser(setup.server, 'jwtadmin');
    const api = await openTenant(setup.server, admin, planIds.development);
    base = api.base;
    token = api.token;
  });

  test('PUT creates (201) then replaces (200); GET answers it with variable values masked; the list names its key', async () => {
    const value = { script: script('return { tier: environmentVariables.TIER };'), environmentVariables: { TIER: 'gold' } };
    const created = await send('PUT', '/configs/jwt-customizer/client-credentials', value);
    expect(created.status, await created.clone().text()).toBe(201);
    const answer = jwtCustomizerGuard.parse(await created.json());
    expect(answer).toEqual({ script: value.script, environmentVariables: { TIER: maskedEnvironmentValue }, blockIssuanceOnError: true });
    expect((await send('PUT', '/configs/jwt-customizer/client-credentials', { ...value, blockIssuanceOnError: false })).status).toBe(200);
    expect(await (await send('GET', '/configs/jwt-customizer/client-credentials')).json()).toMatchObject({ blockIssuanceOnError: false, environmentVariables: { TIER: maskedEnvironmentValue } });
    expect(await (await send('GET', '/configs/jwt-customizer')).json()).toEqual([{ key: 'jwt.clientCredentials', value: expect.objectContaining({ script: value.script }) }]);
  });

  test('the variables are sealed in the database; PATCH with the masked value keeps them, a new value replaces them', async () => {
    const tenantId = base.split('/m/')[1]!.split('/')[0]!;
    const [row] = await setup.server.db.select().from(jwtCustomizers).where(and(eq(jwtCustomizers.tenantId, tenantId), eq(jwtCustomizers.tokenType, 'client-credentials')));
    expect(row!.sealedEnvironment).not.toContain('gold');
    const kept = await send('PATCH', '/configs/jwt-customizer/client-credentials', { environmentVariables: { TIER: maskedEnvironmentValue, ZONE: 'eu' } });
    expect(kept.status).toBe(200);
    const test = await send('POST', '/configs/jwt-customizer/test', {
      tokenType: 'client-credentials', script: script('return { tier: environmentVariables.TIER, zone: environmentVariables.ZONE, sub: "x" };'),
      environmentVariables: { TIER: maskedEnvironmentValue, ZONE: maskedEnvironmentValue }, token: {}, context: {},
    });
    expect(await test.json()).toMatchObject({ claims: { tier: 'gold', zone: 'eu' }, droppedClaims: ['sub'] });
    await expectError(await send('PATCH', '/configs/jwt-customizer/client-credentials', { environmentVariables: { NEW: maskedEnvironmentValue } }), 400, 'guard.invalid_input');
  });

  test('refusals: unknown type, unknown keys, a script that does not compile (its line) or lacks the function, missing script', async () => {
    await expectError(await send('GET', '/configs/jwt-customizer/id-token'), 404, 'route.not_found');
    await expectError(await send('GET', '/configs/jwt-customizer/access-token'), 404, 'jwt_customizer.not_found');
    await expectError(await send('PATCH', '/configs/jwt-customizer/access-token', { blockIssuanceOnError: true }), 404, 'jwt_customizer.not_found');
    await expectError(await send('PUT', '/configs/jwt-customizer/access-token', { script: script('return {};'), extra: 1 }), 400, 'guard.invalid_input');
    const broken = await send('PUT', '/configs/jwt-customizer/access-token', { script: 'const getCustomJwtClaims = () => {\n  return {;\n};' });
    expect(await broken.clone().json()).toMatchObject({ code: 'jwt_customizer.invalid_script', details: { line: 2 } });
    await expectError(broken, 400, 'jwt_customizer.invalid_script');
    await expectError(await send('PUT', '/configs/jwt-customizer/access-token', { script: 'const other = 1;' }), 400, 'jwt_customizer.invalid_script');
    await expectError(await send('PUT', '/configs/jwt-customizer/access-token', { script: ' ' }), 400, 'guard.invalid_input');
  });

  test('test runs: claims, a denial, a failure, a non-object result, each with its code', async () => {
    const run = (body: string) => send('POST', '/configs/jwt-customizer/test', { tokenType: 'access-token', script: script(body), token: { jti: 'a' }, context: {} });
    expect(await (await run('console.log("hi"); return { a: token.jti };')).json()).toMatchObject({ claims: { a: 'a' }, consoleOutput: { lines: [{ level: 'log', message: 'hi' }] } });
    const denied = await run('api.denyAccess("no");');
    expect(await denied.clone().json()).toMatchObject({ details: { code: 'AccessDenied', message: 'no' } });
    await expectError(denied, 422, 'jwt_customizer.general');
    const failed = await run('while (true) {}');
    expect(await failed.clone().json()).toMatchObject({ details: { code: 'General' } });
    await expectError(failed, 422, 'jwt_customizer.general');
    await expectError(await run('return 1;'), 400, 'jwt_customizer.invalid_result');
  });

  test('DELETE answers 204 then 404; each write is in the audit log without the script or values', async () => {
    expect((await send('DELETE', '/configs/jwt-customizer/client-credentials')).status).toBe(204);
    await expectError(await send('DELETE', '/configs/jwt-customizer/client-credentials'), 404, 'jwt_customizer.not_found');
    const tenantId = base.split('/m/')[1]!.split('/')[0]!;
    const rows = await setup.server.db.select().from(logs).where(eq(logs.tenantId, tenantId));
    const keys = rows.map((row) => row.key).filter((key) => key.startsWith('Management.JwtCustomizer.'));
    expect(keys.toSorted()).toEqual(['Management.JwtCustomizer.Created', 'Management.JwtCustomizer.Deleted', 'Management.JwtCustomizer.Updated', 'Management.JwtCustomizer.Updated']);
    expect(JSON.stringify(rows.map((row) => row.payload))).not.toMatch(/gold|environmentVariables\.TIER/);
  });

  test('a plan without custom JWT refuses writes and test runs with the quota error', async () => {
    const admin = await signUpUser(setup.server, 'jwtfree');
    const free = await openTenant(setup.server, admin, planIds.free);
    const put = await call(`${free.base}/configs/jwt-customizer/access-token`, free.token, 'PUT', { script: script('return {};') });
    await expectError(put, 403, 'subscription.quota_exceeded');
    const test = await call(`${free.base}/configs/jwt-customizer/test`, free.token, 'POST', { tokenType: 'access-token', script: script('return {};'), token: {}, context: {} });
    await expectError(test, 403, 'subscription.quota_exceeded');
  });
});

describe("the tenant issuer's tokens", () => {
  let owner: { base: string; token: string };
  beforeAll(async () => {
    owner = { base: `${setup.server.url}/m/${setup.tenantId}/api`, token: await setup.owner.session.organizationToken(organizationIdOf(setup.tenantId)) };
  });
  const put = (tokenType: string, value: unknown) => call(`${owner.base}/configs/jwt-customizer/${tokenType}`, owner.token, 'PUT', value);

  test('client credentials: the claim is in a token that verifies against the JWKS; deleting the script stops it', async () => {
    expect((await put('client-credentials', { script: script('return { tier: environmentVariables.TIER, app: context.application.name, iss: "evil" };'), environmentVariables: { TIER: 'gold' } })).status).toBe(201);
    const payload = await verified(await clientCredentialsToken());
    expect(payload).toMatchObject({ tier: 'gold', app: expect.any(String), iss: setup.issuer });
    expect((await call(`${owner.base}/configs/jwt-customizer/client-credentials`, owner.token, 'DELETE')).status).toBe(204);
    expect((await verified(await clientCredentialsToken())).tier).toBeUndefined();
  });

  test('denyAccess fails the request with access_denied and its message', async () => {
    await put('client-credentials', { script: script('api.denyAccess("machines not welcome");') });
    const refused = await postForm(setup.server.url + `/t/${setup.tenantId}/oidc/token`, { grant_type: 'client_credentials', resource: indicator }, basicAuth(setup.ids.machine, setup.secrets.machine));
    expect(refused).toMatchObject({ status: 400, body: { error: 'access_denied', error_description: 'machines not welcome' } });
  });

  test('a failing script: invalid_request when it blocks issuance, a token without the claim when it does not; logged', async () => {
    await put('client-credentials', { script: script('throw new Error("broken");'), blockIssuanceOnError: true });
    const refused = await postForm(setup.server.url + `/t/${setup.tenantId}/oidc/token`, { grant_type: 'client_credentials', resource: indicator }, basicAuth(setup.ids.machine, setup.secrets.machine));
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    await put('client-credentials', { script: script('throw new Error("broken");'), blockIssuanceOnError: false });
    expect((await verified(await clientCredentialsToken())).jti).toEqual(expect.any(String));
    const failures = await setup.server.db.select().from(logs).where(and(eq(logs.tenantId, setup.tenantId), eq(logs.key, 'JwtCustomizer.ClientCredentials')));
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures[0]!.payload).toMatchObject({ result: 'Error', error: { code: 'General', message: 'Error: broken' } });
    expect(JSON.stringify(failures.map((row) => row.payload))).not.toContain('throw new Error');
  });

  test('authorization code with a resource: the user access token carries the claim read from the user', async () => {
    await put('access-token', { script: script('return { user_name: context.user.username, role_count: context.user.roles.length };') });
    const { user, tokens } = await signedUp(setup, setup.web, { resource: indicator, scope: 'openid offline_access' });
    const refreshed = await client.refreshTokenGrant(setup.web, tokens.refresh_token!, { resource: indicator });
    const payload = await verified(refreshed.access_token);
    expect(payload).toMatchObject({ user_name: user.credentials.username, role_count: 0 });
  });
});
