import { decodeProtectedHeader, jwtVerify, createRemoteJWKSet } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import { authorize, Browser, signUp } from '../support/oidc-client.ts';
import { startServer as startProcess } from '../support/server.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { keysApi, publishedKids, tokenMachine } from './signing-keys-support.ts';
import { tenantData } from './tenant-runtime-support.ts';
import { bearer, freshPostgresSchema, json, newAccount, postgresUrl, signUpUser, startTestServer, type TestServer } from './support.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('keys at run time, on one server', () => {
  let server: TestServer;
  let api: ManagementApi;
  beforeAll(async () => {
    server = await startTestServer('cloud');
    api = await openTenant(server, await signUpUser(server, 'keysrun'), planIds.development);
  });
  afterAll(() => server?.close());

  test('a staged rotation: the Next key is published at once, and signs by time, with no request to the API', { timeout: 30_000 }, async () => {
    const keysOf = keysApi(api);
    const machine = await tokenMachine(api);
    const before = await machine.token();
    expect(decodeProtectedHeader(before).alg).toBe('ES256');

    const staged = await keysOf.rotatePrivate({ signingKeyAlgorithm: 'RSA', rotationGracePeriod: 2 });
    const next = staged.find((key) => key.status === 'Next')!;
    expect(next).toMatchObject({ signingKeyAlgorithm: 'RSA', jwsAlgorithm: 'RS256', effectiveAt: expect.any(String) });
    expect(await publishedKids(machine.issuer)).toContain(next.id);
    expect(decodeProtectedHeader(await machine.token()).alg).toBe('ES256');
    // A second rotation waits until the first is effective.
    const refused = await keysOf.rotate('private-keys', {});
    expect({ status: refused.status, code: ((await refused.json()) as { code: string }).code }).toEqual({ status: 422, code: 'oidc.invalid_request' });

    await sleep(Date.parse(next.effectiveAt!) - Date.now() + 100);
    // The first request after the grace is a token request: it is signed by the new key, RS256 now the tenant's primary.
    const after = await machine.token();
    expect(decodeProtectedHeader(after)).toEqual({ alg: 'RS256', kid: next.id, typ: 'at+jwt' });
    const jwks = createRemoteJWKSet(new URL(`${machine.issuer}/jwks`));
    for (const token of [before, after]) await jwtVerify(token, jwks, { issuer: machine.issuer, audience: machine.indicator });
    const listed = await keysOf.privateKeys();
    expect(listed.filter((key) => key.signingKeyAlgorithm === 'RSA').map((key) => [key.id === next.id, key.status])).toEqual([
      [true, 'Current'],
      [false, 'Previous'],
    ]);
  });

  test('deleting the previous cookie key ends the sessions it signed; a session used since the rotation was signed again and stays', { timeout: 30_000 }, async () => {
    const redirectUri = 'https://shop.example.test/callback';
    const data = tenantData(server.db, api.tenantId);
    await data.signUpByUsernameOrEmail();
    const clientId = await data.application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    const issuer = `${server.url}/t/${api.tenantId}/oidc`;
    const pending = await authorize({ issuer, clientId, redirectUri, scopes: ['openid'], resources: [], prompt: 'consent' }, { signUp: true });
    const account = newAccount('cookies');
    const registered = await pending.submit('register', { username: account.username, email: '', password: account.password, confirmPassword: account.password });
    expect(registered.tokens?.id_token).toEqual(expect.any(String));

    /** Where a new authorization request of the signed-in browser ends: at the app (session valid) or on a page. */
    const authorizeAgain = async (browser: Browser) => {
      const query = new URLSearchParams({ client_id: clientId, redirect_uri: redirectUri, response_type: 'code', scope: 'openid', code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' });
      const url = `${issuer}/auth?${query}`;
      const { url: landed } = await browser.follow(await browser.request(url), url, redirectUri);
      return landed.startsWith(redirectUri) ? 'app' : 'sign-in page';
    };
    expect(await authorizeAgain(pending.browser)).toBe('app');
    // The same session in a second browser that stays idle until the previous key is gone.
    const idle = new Browser(server.url);
    const copied = new Headers();
    for (const cookie of pending.browser.jar.header().split('; ')) copied.append('set-cookie', cookie);
    idle.jar.store(new Response(null, { headers: copied }));

    const keysOf = keysApi(api);
    expect((await keysOf.rotate('cookie-keys')).status).toBe(200);
    // The previous key still verifies; the cookies of this request are signed again with the new key (keygrip).
    expect(await authorizeAgain(pending.browser)).toBe('app');
    const [, previous] = await keysOf.cookieKeys();
    expect((await keysOf.remove('cookie-keys', previous!.id)).status).toBe(204);
    expect(await authorizeAgain(pending.browser)).toBe('app');
    expect(await authorizeAgain(idle)).toBe('sign-in page');
  });
});

describe('two server processes on one PostgreSQL', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  test.skipIf(!postgresUrl)('a rotation in one process is published by the other within a second', { timeout: 60_000 }, async () => {
    const schema = (await freshPostgresSchema())!;
    stops.push(schema.drop);
    const first = await startProcess({ edition: 'cloud', databaseUrl: schema.url });
    stops.push(first.stop);
    const second = await startProcess({ edition: 'cloud', databaseUrl: schema.url, env: { PUBLIC_URL: first.url } });
    stops.push(second.stop);

    const owner = await signUp(first.url, newAccount('owner'), { edition: 'cloud' });
    const created = await fetch(`${first.url}/api/tenants`, bearer(await owner.accessToken(resourceIndicators.cloud), json({ name: 'Keys' })));
    const { id } = (await created.json()) as { id: string };
    const token = await owner.organizationToken(organizationIdOf(id));
    const jwksAt = (url: string) => publishedKids(`${url}/t/${id}/oidc`);
    const before = await jwksAt(second.url);
    expect(await jwksAt(first.url)).toEqual(before);

    const rotated = await fetch(`${first.url}/m/${id}/api/configs/oidc/private-keys/rotate`, bearer(token, json({})));
    const rotatedAt = Date.now();
    const added = ((await rotated.json()) as { id: string; status: string; signingKeyAlgorithm: string }[]).find(
      (key) => key.status === 'Current' && key.signingKeyAlgorithm === 'EC' && !before.includes(key.id),
    )!;
    await expect.poll(() => jwksAt(second.url), { interval: 20, timeout: 1000 }).toContain(added.id);
    expect(Date.now() - rotatedAt).toBeLessThan(1000);
  });
});
