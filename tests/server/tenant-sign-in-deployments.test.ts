import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { users } from '#server/db/schema.ts';
import { resourceIndicators } from '#schemas/constants.ts';
import { authorize, decodeJwt, signUp } from '../support/oidc-client.ts';
import { startServer as startProcess } from '../support/server.ts';
import { tenantData } from './tenant-runtime-support.ts';
import { bearer, freshPostgresSchema, json, newAccount, postgresUrl, startTestServer, type TestServer } from './support.ts';
import { redirectUri } from './tenant-sign-in-support.ts';

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

    const owner = await signUp(first.url, newAccount('owner'), { edition: 'cloud' });
    const post = async (url: string, token: string, body: unknown) => (await (await fetch(url, bearer(token, json(body)))).json()) as { id: string };
    const { id } = await post(`${first.url}/api/tenants`, await owner.accessToken(resourceIndicators.cloud), { name: 'Shared' });
    const app = await post(`${first.url}/m/${id}/api/applications`, await owner.organizationToken(`t-${id}`), {
      name: 'Shop',
      type: 'SPA',
      oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] },
    });
    const issuer = { issuer: `${first.url}/t/${id}/oidc`, clientId: app.id, redirectUri, scopes: ['openid'], resources: [], prompt: 'consent' };
    const pending = await authorize(issuer, { firstScreen: 'identifier:register' });
    const account = newAccount('shared');
    // The flow's next step is taken by the other process, and the one after by the first again.
    const identified = await pending.browser.postForm(`${pending.pageUrl.replace(first.url, second.url)}/identifier`, { identifier: account.email });
    expect(identified.status).toBe(200);
    expect(await identified.text()).toContain(`value="${account.email}"`);
    const action = `${pending.pageUrl}/register`;
    const answer = await pending.browser.postForm(action, { email: account.email, password: account.password, confirmPassword: account.password });
    expect(answer.status).toBe(303);
    const done = await pending.browser.follow(answer, action, redirectUri);
    expect(new URL(done.url).searchParams.get('code')).toEqual(expect.any(String));
  });
});
