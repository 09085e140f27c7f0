import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminConsoleAppId, consolePath, resourceIndicators } from '#schemas/constants.ts';
import { cards, createTenant, startCheckout, submitCard } from './billing-support.ts';
import { startAuthorization } from '../support/oidc-client.ts';
import { bearer, call, expectError, newAccount, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

let server: TestServer;
let owner: TestUser;
let meToken: string;
let tenantId: string;

beforeAll(async () => {
  server = await startTestServer('cloud');
  owner = await signUpUser(server, 'guard');
  meToken = await owner.session.accessToken(resourceIndicators.me);
  tenantId = (await createTenant(server, owner, { name: 'Guarded' })).id;
});
afterAll(() => server?.close());

const invalidInput = (response: Response) => expectError(response, 400, 'guard.invalid_input');
/** A form page's answer, whose body the sign-in helper has already read. */
const invalidFormInput = ({ response, html }: { response: Response; html: string }) =>
  invalidInput(new Response(html, { status: response.status, headers: response.headers }));
const nul = 'a\u0000b';
/** Stands for the server's own callback URL, which is known once the server runs. */
const ownCallback = '{own}/console/checkout-success-callback';

describe('control characters in JSON bodies are a 400 guard.invalid_input', () => {
  const cases: [string, string, string, () => Promise<string>, unknown][] = [
    ['POST /api/tenants name', 'POST', '/api/tenants', () => owner.cloudToken(), { name: nul }],
    ['PATCH /api/tenants/{id} name', 'PATCH', '/api/tenants/{tenantId}', () => owner.cloudToken(), { name: nul }],
    ['PATCH /me name', 'PATCH', '/me', async () => meToken, { name: nul }],
    ['PATCH /me/custom-data', 'PATCH', '/me/custom-data', async () => meToken, { adminConsolePreferences: { language: 'en', appearanceMode: 'dark', defaultTenantId: nul } }],
    ['PATCH /me/custom-data, a lone surrogate', 'PATCH', '/me/custom-data', async () => meToken, { adminConsolePreferences: { language: 'en', appearanceMode: 'dark', defaultTenantId: 'a\ud800' } }],
    ['POST /api/checkout-session skuId', 'POST', '/api/checkout-session', () => owner.cloudToken(), { skuId: nul, successCallbackUrl: ownCallback, tenantName: 'Shop' }],
    ['POST /api/checkout-session successCallbackUrl', 'POST', '/api/checkout-session', () => owner.cloudToken(), { skuId: 'pro-2024-11', successCallbackUrl: `${ownCallback}${nul}`, tenantName: 'Shop' }],
    ['POST /api/checkout-session tenantId', 'POST', '/api/checkout-session', () => owner.cloudToken(), { skuId: 'pro-2024-11', successCallbackUrl: ownCallback, tenantId: nul }],
    ['POST /api/checkout-session tenantName', 'POST', '/api/checkout-session', () => owner.cloudToken(), { skuId: 'pro-2024-11', successCallbackUrl: ownCallback, tenantName: nul }],
    ['POST /me/verification-codes', 'POST', '/me/verification-codes', async () => meToken, { email: `${nul}@example.com` }],
  ];
  test.each(cases)('%s', async (_case, method, path, token, body) => {
    const text = JSON.stringify(body).replaceAll('{own}', server.url);
    await invalidInput(await call(`${server.url}${path.replace('{tenantId}', tenantId)}`, await token(), method, text));
  });

  test('tab, LF and CR stay allowed in free text', async () => {
    const response = await call(`${server.url}/api/checkout-session`, await owner.cloudToken(), 'POST', {
      skuId: 'pro-2024-11',
      successCallbackUrl: `${server.url}/console/x`,
      tenantId: 'a\tb\r\nc',
    });
    await expectError(response, 404, 'tenant.not_found');
  });
});

describe('names refuse control and bidirectional formatting characters', () => {
  const names = ['\u202e\u0007', 'Acme\u202eevil', 'Left\u2066isolate\u2069', 'Mark\u200fhere', 'Tab\tinside', 'C1\u0085control'];
  test.each(names)('tenant name %j', async (name) => {
    await invalidInput(await call(`${server.url}/api/tenants`, await owner.cloudToken(), 'POST', { name }));
    await invalidInput(await call(`${server.url}/api/tenants/${tenantId}`, await owner.cloudToken(), 'PATCH', { name }));
  });

  test.each(names)('user name %j', async (name) => {
    await invalidInput(await call(`${server.url}/me`, meToken, 'PATCH', { name }));
  });

  test('names in other scripts, with accents and emoji, are kept', async () => {
    const name = 'Zoë’s 🚀 مشروع 東京';
    const response = await call(`${server.url}/api/tenants/${tenantId}`, await owner.cloudToken(), 'PATCH', { name });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { name: string }).name).toBe(name);
    expect((await call(`${server.url}/me`, meToken, 'PATCH', { name })).status).toBe(200);
  });
});

describe('control characters in paths and queries are a 400 guard.invalid_input', () => {
  const paths: [string, string][] = [
    ['GET', '/api/tenants/a%00b/invoices'],
    ['PATCH', '/api/tenants/a%00b'],
    ['DELETE', '/api/tenants/a%00b'],
    ['GET', '/api/.well-known/endpoints/a%00b'],
    ['GET', '/api/invitations/a%00b'],
    ['PATCH', '/api/invitations/a%00b/status'],
    ['GET', '/api/checkout-session/a%00b'],
    ['GET', '/m/a%00b/api/configs/admin-console'],
    ['DELETE', '/me/social/identity/a%00b'],
    ['GET', '/payments/checkout/a%00b'],
    ['GET', '/payments/portal/a%00b'],
    ['GET', '/payments/invoices/a%00b'],
    ['GET', '/interaction/a%00b'],
    ['GET', '/api/tenants/a%0Ab/invoices'],
    ['GET', '/social/demo/authorize?state=a%00b&redirect_uri=x'],
    ['GET', `/payments/portal/x?notice=a%00b`],
  ];
  test.each(paths)('%s %s', async (method, path) => {
    const body = method === 'PATCH' ? { name: 'x', status: 'Accepted' } : undefined;
    await invalidInput(await call(`${server.url}${path}`, await owner.cloudToken(), method, body));
  });

  test('an escaped percent sign is not a control character', async () => {
    await expectError(await call(`${server.url}/api/checkout-session/a%2500b`, await owner.cloudToken(), 'GET'), 404, 'subscription.checkout_session_not_found');
  });
});

describe('control characters in forms are refused', () => {
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    redirect: 'manual' as const,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

  test('the sign-in form', async () => {
    const pending = await startAuthorization(server.url, { edition: 'cloud' });
    await invalidFormInput(await pending.submit('sign-in', { identifier: nul, password: 'Whatever-123' }));
    await invalidFormInput(await pending.submit('sign-in', { identifier: 'someone', password: `Whatever-123${nul}` }));
  });

  test('the sign-up form', async () => {
    const account = newAccount('nul');
    const pending = await startAuthorization(server.url, { edition: 'cloud', signUp: true });
    const fields = { username: account.username, email: `${nul}@example.com`, password: account.password, confirmPassword: account.password };
    await invalidFormInput(await pending.submit('sign-up', fields));
    const signedUp = await pending.submit('sign-up', { ...fields, email: account.email });
    expect(signedUp.session).toBeDefined();
  });

  test('the hosted checkout card form and its path', async () => {
    const { redirectUri } = await startCheckout(server, owner, { tenantName: 'Card shop' });
    await invalidInput(await submitCard(redirectUri, cards.pays, { name: `Ada${nul}` }));
    await invalidInput(await submitCard(`${server.url}/payments/checkout/a%00b`, cards.pays));
    expect((await submitCard(redirectUri, cards.pays)).status).toBe(303);
  });

  test('the demo social provider', async () => {
    const fields = { redirect_uri: `${server.url}${consolePath}/handle-social`, state: nul, identity: 'demo-user-1' };
    await invalidInput(await fetch(`${server.url}/social/demo/authorize`, form(fields)));
  });

  test('a multipart text field', async () => {
    const body = new FormData();
    body.append('file', new Blob([Buffer.from('x')], { type: 'image/png' }), 'x.png');
    body.append('note', nul);
    await invalidInput(await fetch(`${server.url}/me/user-assets`, bearer(meToken, { method: 'POST', body })));
  });
});

describe('oidc-provider parameters with control characters are refused, not a 500', () => {
  const authorize = (params: Record<string, string>) =>
    fetch(
      `${server.url}/oidc/auth?${new URLSearchParams({
        client_id: adminConsoleAppId,
        redirect_uri: `${server.url}${consolePath}/callback`,
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 'abc',
        ...params,
      })}`,
      { redirect: 'manual' },
    );
  const token = (params: Record<string, string>, path = '/oidc/token') => fetch(`${server.url}${path}`, { method: 'POST', body: new URLSearchParams(params) });

  test('an unknown client id', async () => {
    const response = await authorize({ client_id: nul });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('invalid_client');
    const exchanged = await token({ grant_type: 'authorization_code', client_id: nul, code: 'x', code_verifier: 'y' });
    expect({ status: exchanged.status, error: ((await exchanged.json()) as { error: string }).error }).toEqual({ status: 401, error: 'invalid_client' });
  });

  test('a parameter kept with the interaction', async () => {
    const response = await authorize({ state: nul });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('error')).toBe('invalid_request');
  });

  test('a token', async () => {
    const refreshed = await token({ grant_type: 'refresh_token', client_id: adminConsoleAppId, refresh_token: nul });
    expect({ status: refreshed.status, error: ((await refreshed.json()) as { error: string }).error }).toEqual({ status: 400, error: 'invalid_grant' });
    const revoked = await token({ client_id: adminConsoleAppId, token: nul, token_type_hint: 'refresh_token' }, '/oidc/token/revocation');
    expect(revoked.status).toBe(200);
  });
});
