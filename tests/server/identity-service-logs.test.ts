import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type LogItem } from '#schemas/log.ts';
import { planIds } from '#schemas/quota.ts';
import { users } from '#server/db/idp.ts';
import { logs } from '#server/db/idp/logs.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { clientCredentials, tenantData } from './tenant-runtime-support.ts';
import { authorize, decodeJwt, type AuthorizationClient } from '../support/oidc-client.ts';
import { newAccount, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import { listLogs } from './log-support.ts';

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await signUpUser(server, 'logs');
});
afterAll(() => server?.close());

describe("a tenant's identity service writes its audit log", () => {
  const redirectUri = 'https://shop.example.test/callback';
  let api: ManagementApi;
  let client: AuthorizationClient;

  beforeAll(async () => {
    api = await openTenant(server, admin, planIds.development);
    await tenantData(server.db, api.tenantId).signUpByUsernameOrEmail();
    const clientId = await tenantData(server.db, api.tenantId).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    // As @logto/browser asks: after the sign-in, a first-party consent without a page.
    client = { issuer: `${server.url}/t/${api.tenantId}/oidc`, clientId, redirectUri, scopes: ['openid', 'profile', 'offline_access'], resources: [], prompt: 'consent' };
  });

  /** The tenant's logs from `since` on, oldest first, as the API lists them. */
  const logsSince = async (since: number) => (await listLogs(api, `?page_size=100&start_time=${since}`)).items.reverse();
  const stepsOf = (items: LogItem[]) => items.map(({ key, payload }) => [key, payload.result, payload.userId]);

  const tokenRequest = async (fields: Record<string, string>, path = 'token') => {
    const response = await fetch(`${client.issuer}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: client.clientId, ...fields }),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, string | undefined> };
  };

  /** No payload names any of `secrets`. */
  const expectNoSecrets = (items: LogItem[], secrets: (string | undefined)[]) => {
    const text = JSON.stringify(items.map((item) => item.payload));
    for (const secret of secrets) {
      expect(secret).toEqual(expect.any(String));
      expect(text).not.toContain(secret);
    }
  };

  const register = async () => {
    const account = newAccount('shopper');
    const pending = await authorize(client, { signUp: true });
    const result = await pending.submit('register', { username: account.username, email: account.email, password: account.password, confirmPassword: account.password });
    return { account, pending, ...result, userId: String(decodeJwt(result.tokens!.id_token!).sub) };
  };

  test('a registration: each step of its interaction with the session, the app and the new user, then the code exchange', async () => {
    const since = Date.now();
    const { pending, userId, code, tokens, account } = await register();
    const items = await logsSince(since);
    expect(stepsOf(items)).toEqual([
      ['Interaction.Create', 'Success', undefined],
      ['Interaction.Register.Create', 'Success', undefined],
      ['Interaction.Register.Verification.NewPasswordIdentity.Submit', 'Success', userId],
      ['Interaction.Register.Identifier.Submit', 'Success', userId],
      ['Interaction.Register.Submit', 'Success', userId],
      ['Interaction.End', 'Success', userId],
      // The first-party consent the request asks for: a second interaction, ended without a page.
      ['Interaction.Create', 'Success', userId],
      ['Interaction.End', 'Success', userId],
      ['ExchangeTokenBy.AuthorizationCode', 'Success', userId],
    ]);
    const uid = new URL(pending.pageUrl).pathname.split('/').at(-1);
    expect(items.slice(0, 6).map((item) => item.payload.sessionId)).toEqual(Array(6).fill(uid));
    // A log's related logs: the same attempt's, newest first, and nothing else.
    const related = await listLogs(api, `?sessionId=${uid}&enableCap=true`);
    expect(related.items.map((item) => item.id)).toEqual(items.slice(0, 6).map((item) => item.id).reverse());
    expect(related.total).toBe(6);
    expect(items[6]!.payload).toMatchObject({ promptName: 'consent', params: { prompt: 'consent' } });
    expect(items[0]!.payload).toMatchObject({ promptName: 'login', params: { scope: 'openid profile offline_access' } });
    for (const item of items) {
      expect(item.payload).toMatchObject({ applicationId: client.clientId, ip: expect.any(String), userAgent: expect.any(String) });
      expect(item.application).toMatchObject({ id: client.clientId, type: 'SPA' });
    }
    expect(items[8]!.user).toMatchObject({ id: userId, username: account.username });
    expect(items[8]!.payload.params).toEqual({ grant_type: 'authorization_code' });
    expectNoSecrets(items, [account.password, code, tokens!.refresh_token, tokens!.access_token, tokens!.id_token]);
  });

  test('a sign-in with a wrong password, then the right one: a red password check naming the user, the steps, and the token requests', async () => {
    const { account, userId } = await register();
    const since = Date.now();
    const pending = await authorize(client);
    const wrong = 'Wrong-Horse-42';
    expect((await pending.submit('password', { identifier: account.username, password: wrong })).response.status).toBe(422);
    const { tokens, code } = await pending.submit('password', { identifier: account.email, password: account.password });
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens!.refresh_token! });
    expect(refreshed.status).toBe(200);
    const refused = await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'no-such-token' });
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });

    const items = await logsSince(since);
    expect(stepsOf(items)).toEqual([
      ['Interaction.Create', 'Success', undefined],
      ['Interaction.SignIn.Create', 'Success', undefined],
      ['Interaction.SignIn.Verification.Password.Submit', 'Error', userId],
      ['Interaction.SignIn.Verification.Password.Submit', 'Success', userId],
      ['Interaction.SignIn.Identifier.Submit', 'Success', userId],
      ['Interaction.SignIn.Submit', 'Success', userId],
      ['Interaction.End', 'Success', userId],
      ['Interaction.Create', 'Success', userId],
      ['Interaction.End', 'Success', userId],
      ['ExchangeTokenBy.AuthorizationCode', 'Success', userId],
      ['ExchangeTokenBy.RefreshToken', 'Success', userId],
      ['ExchangeTokenBy.RefreshToken', 'Error', undefined],
    ]);
    expect(items[2]!.payload).toMatchObject({ error: { code: 'session.invalid_credentials' }, identifier: account.username });
    expect(items[11]!.payload).toMatchObject({ error: { code: 'invalid_grant' }, params: { grant_type: 'refresh_token' } });
    // A user's logs, as the user's logs tab lists them.
    expect((await listLogs(api, `?userId=${userId}&logKey=Interaction.SignIn.Verification.Password.Submit`)).total).toBe(2);
    expectNoSecrets(items, [account.password, wrong, code, tokens!.refresh_token, refreshed.body.refresh_token, refreshed.body.access_token]);
  });

  test("a suspended user: the right password is checked, the submit is refused, and the user's refresh is invalid_grant", async () => {
    const { account, userId, tokens } = await register();
    await server.db.update(users).set({ isSuspended: true }).where(and(eq(users.tenantId, api.tenantId), eq(users.id, userId)));
    const since = Date.now();
    expect((await (await authorize(client)).submit('password', { identifier: account.username, password: account.password })).response.status).toBe(403);
    expect(await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens!.refresh_token! })).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    const items = await logsSince(since);
    expect(stepsOf(items)).toEqual([
      ['Interaction.Create', 'Success', undefined],
      ['Interaction.SignIn.Create', 'Success', undefined],
      ['Interaction.SignIn.Verification.Password.Submit', 'Success', userId],
      ['Interaction.SignIn.Identifier.Submit', 'Success', userId],
      ['Interaction.SignIn.Submit', 'Error', userId],
      ['ExchangeTokenBy.RefreshToken', 'Error', userId],
    ]);
    expect(items[4]!.payload.error).toEqual({ code: 'user.suspended' });
    expect(items[5]!.payload.error).toMatchObject({ code: 'invalid_grant' });
    expectNoSecrets(items, [account.password, tokens!.refresh_token]);
  });

  test('a registration refused for a taken username is a red identity check; switching from sign-in to it updates the event', async () => {
    const { account } = await register();
    const since = Date.now();
    const pending = await authorize(client);
    expect((await pending.submit('password', { identifier: account.username, password: 'Wrong-Horse-42' })).response.status).toBe(422);
    const taken = await pending.submit('register', { username: account.username, email: '', password: account.password, confirmPassword: account.password });
    expect(taken.response.status).toBe(422);
    const items = await logsSince(since);
    expect(stepsOf(items).map(([key, result]) => [key, result])).toEqual([
      ['Interaction.Create', 'Success'],
      ['Interaction.SignIn.Create', 'Success'],
      ['Interaction.SignIn.Verification.Password.Submit', 'Error'],
      ['Interaction.Register.Update', 'Success'],
      ['Interaction.Register.Verification.NewPasswordIdentity.Submit', 'Error'],
    ]);
    expect(items[4]!.payload).toMatchObject({ error: { code: 'user.username_already_in_use' }, identifier: { username: account.username, email: '' } });
  });

  test('client credentials, granted and refused, and a revocation', async () => {
    const data = tenantData(server.db, api.tenantId);
    const indicator = 'https://orders.example.test';
    const { scopeIds } = await data.resource(indicator, ['read:orders']);
    const machine = await data.application('MachineToMachine');
    await data.assignToApplication(machine, await data.role('MachineToMachine', [scopeIds['read:orders']!]));
    const secret = await data.secret(machine);
    const { tokens } = await register();
    const since = Date.now();
    const granted = await clientCredentials(client.issuer, { clientId: machine, secret, resource: indicator, scope: 'read:orders' });
    expect(granted.status).toBe(200);
    const posted = await clientCredentials(client.issuer, { clientId: machine, secret, resource: indicator, post: true });
    expect(posted.status).toBe(200);
    expect((await clientCredentials(client.issuer, { clientId: machine, secret: `${secret}x`, resource: indicator })).status).toBe(401);
    expect((await tokenRequest({ token: tokens!.refresh_token!, token_type_hint: 'refresh_token' }, 'token/revocation')).status).toBe(200);

    const items = await logsSince(since);
    expect(items.map(({ key, payload }) => [key, payload.result, payload.applicationId])).toEqual([
      ['ExchangeTokenBy.ClientCredentials', 'Success', machine],
      ['ExchangeTokenBy.ClientCredentials', 'Success', machine],
      // The app is known, its secret is not.
      ['ExchangeTokenBy.ClientCredentials', 'Error', machine],
      ['RevokeToken', 'Success', client.clientId],
    ]);
    expect(items[0]!.payload.params).toEqual({ grant_type: 'client_credentials', resource: indicator, scope: 'read:orders' });
    expect(items[0]!.application).toMatchObject({ id: machine, type: 'MachineToMachine' });
    expect(items[2]!.payload.error).toMatchObject({ code: 'invalid_client' });
    expect(items[3]!.payload).toMatchObject({ tokenType: 'RefreshToken', userId: expect.any(String), params: { token_type_hint: 'refresh_token' } });
    expectNoSecrets(items, [secret, `${secret}x`, String(granted.body.access_token), String(posted.body.access_token), tokens!.refresh_token]);
  });

  test("a third-party app's consent page: the sign-in ends in a second interaction, which a Cancel ends in error", async () => {
    const { account, userId } = await register();
    const thirdParty = await tenantData(server.db, api.tenantId).application('SPA', {
      isThirdParty: true,
      oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] },
    });
    const since = Date.now();
    const pending = await authorize({ ...client, clientId: thirdParty });
    const consent = await pending.submit('password', { identifier: account.username, password: account.password });
    expect(await pending.submit('consent', { decision: 'cancel' }, consent.pageUrl)).toMatchObject({ error: 'access_denied' });
    const items = await logsSince(since);
    expect(stepsOf(items).slice(-3)).toEqual([
      ['Interaction.End', 'Success', userId],
      ['Interaction.Create', 'Success', userId],
      ['Interaction.End', 'Error', userId],
    ]);
    expect(items.at(-1)!.payload).toMatchObject({ applicationId: thirdParty, error: { code: 'access_denied' }, sessionId: new URL(consent.pageUrl!).pathname.split('/').at(-1) });
  });

  test("the console's own sign-in pages write no tenant's logs", async () => {
    const count = async () => (await server.db.select({ id: logs.id }).from(logs)).length;
    const before = await count();
    await signUpUser(server, 'console');
    expect(await count()).toBe(before);
  });
});
