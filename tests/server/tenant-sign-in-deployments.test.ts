import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '#server/db/schema.ts';
import { resourceIndicators } from '#schemas/constants.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { authorize, decodeJwt, signUp, type PendingAuthorization } from '../support/oidc-client.ts';
import { freePort, startServer as startProcess } from '../support/server.ts';
import { tenantData } from './tenant-runtime-support.ts';
import { bearer, freshPostgresSchema, json, newAccount, postgresUrl, startTestServer, type TestServer } from './support.ts';
import { redirectUri } from './tenant-sign-in-support.ts';

/** A console account's new cloud tenant with an SPA, made through the APIs of the server at `baseUrl`: the app as a client of the tenant's issuer. */
const tenantApp = async (baseUrl: string) => {
  const owner = await signUp(baseUrl, newAccount('owner'), { edition: 'cloud' });
  const post = async (url: string, token: string, body: unknown) => (await (await fetch(url, bearer(token, json(body)))).json()) as { id: string };
  const { id } = await post(`${baseUrl}/api/tenants`, await owner.accessToken(resourceIndicators.cloud), { name: 'Shared' });
  const app = await post(`${baseUrl}/m/${id}/api/applications`, await owner.organizationToken(`t-${id}`), {
    name: 'Shop',
    type: 'SPA',
    oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] },
  });
  return { issuer: `${baseUrl}/t/${id}/oidc`, clientId: app.id, redirectUri, scopes: ['openid'], resources: [], prompt: 'consent' };
};

/** Registers by e-mail on the form of the pending registration's page: answers the code the app gets. */
const registerAt = async (pending: PendingAuthorization, pageUrl: string, email: string, password: string) => {
  const action = `${pageUrl}/register`;
  const answer = await pending.browser.postForm(action, { email, password, confirmPassword: password });
  expect(answer.status).toBe(303);
  const done = await pending.browser.follow(answer, action, redirectUri);
  return new URL(done.url).searchParams.get('code');
};

describe('the self-hosted default tenant', () => {
  let selfHosted: TestServer;
  beforeAll(async () => {
    selfHosted = await startTestServer('self-hosted');
  });
  afterAll(() => selfHosted?.close());

  test('registers its users on its own sign-in page at /t/default', async () => {
    const clientId = await tenantData(selfHosted.db, 'default').application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    const issuer = `${selfHosted.url}/t/default/oidc`;
    const pending = await authorize({ issuer, clientId, redirectUri, scopes: ['openid', 'profile'], resources: [], prompt: 'consent' }, { signUp: true });
    expect(pending.pageUrl).toMatch(new RegExp(`^${selfHosted.url}/t/default/sign-in/[\\w-]+$`));
    const account = newAccount('local');
    const { tokens } = await pending.submit('register', { username: account.username, email: '', password: account.password, confirmPassword: account.password });
    expect(decodeJwt(tokens!.id_token!)).toMatchObject({ iss: issuer, username: account.username });
    expect(await selfHosted.db.select().from(users).where(eq(users.username, account.username))).toEqual([]);
  });
});

describe('two server processes on one PostgreSQL', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  test.skipIf(!postgresUrl)('a sign-in flow one process starts is taken on by the other, step by step', async () => {
    const schema = (await freshPostgresSchema())!;
    stops.push(schema.drop);
    const first = await startProcess({ edition: 'cloud', databaseUrl: schema.url });
    stops.push(first.stop);
    const second = await startProcess({ edition: 'cloud', databaseUrl: schema.url, env: { PUBLIC_URL: first.url } });
    stops.push(second.stop);

    const issuer = await tenantApp(first.url);
    const pending = await authorize(issuer, { firstScreen: 'identifier:register' });
    const account = newAccount('shared');
    // The flow's next step is taken by the other process, and the one after by the first again.
    const identified = await pending.browser.postForm(`${pending.pageUrl.replace(first.url, second.url)}/identifier`, { identifier: account.email });
    expect(identified.status).toBe(200);
    expect(await identified.text()).toContain(`value="${account.email}"`);
    expect(await registerAt(pending, pending.pageUrl, account.email, account.password)).toEqual(expect.any(String));
  });
});

describe('a restart', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  test("loses no one's sign-in: the server started again on the same data takes the flow's next step", { timeout: 60_000 }, async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'gatehouse-restart-')), 'data');
    cleanups.push(() => rm(path.dirname(dataDir), { recursive: true, force: true }));
    const port = await freePort();
    const before = await startProcess({ edition: 'cloud', dataDir, port });
    cleanups.push(before.stop);
    const pending = await authorize(await tenantApp(before.url), { firstScreen: 'identifier:register' });
    const account = newAccount('restarted');
    expect((await pending.browser.postForm(`${pending.pageUrl}/identifier`, { identifier: account.email })).status).toBe(200);
    await before.stop();

    const after = await startProcess({ edition: 'cloud', dataDir, port });
    cleanups.push(after.stop);
    expect(await (await pending.browser.request(pending.pageUrl)).text()).toContain(`value="${account.email}"`);
    expect(await registerAt(pending, pending.pageUrl, account.email, account.password)).toEqual(expect.any(String));
  });
});
