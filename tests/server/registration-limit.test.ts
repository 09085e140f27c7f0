import { afterAll, beforeAll, expect, test } from 'vitest';
import { maxSignInFailures } from '#server/accounts/rate-limit.ts';
import { en } from '#server/i18n/locales/en.ts';
import { authorize, startAuthorization, type AuthorizationClient } from '../support/oidc-client.ts';
import { createTenant } from './billing-support.ts';
import { tenantData } from './tenant-runtime-support.ts';
import { newAccount, signUpUser, startTestServer, type TestServer } from './support.ts';

const t = en.pages;
const redirectUri = 'https://shop.example.test/callback';
const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();

let server: TestServer;
let owner: Awaited<ReturnType<typeof signUpUser>>;

beforeAll(async () => {
  server = await startTestServer('cloud');
  owner = await signUpUser(server, 'owner');
});
afterAll(() => server?.close());

const tenantClient = async (): Promise<AuthorizationClient> => {
  const id = (await createTenant(server, owner, { name: 'Shop' })).id;
  await tenantData(server.db, id).signUpByUsernameOrEmail();
  const clientId = await tenantData(server.db, id).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
  return { issuer: `${server.url}/t/${id}/oidc`, clientId, redirectUri, scopes: ['openid'], resources: [] };
};

const fieldsOf = (account: { username?: string; email?: string; password: string }) => ({
  username: account.username ?? '',
  email: account.email ?? '',
  password: account.password,
  confirmPassword: account.password,
});

test(`registering answers "already taken" ${maxSignInFailures} times in 15 minutes to a client, then 429`, async () => {
  const [client, other] = [await tenantClient(), await tenantClient()];
  const register = async (app: AuthorizationClient, account: Parameters<typeof fieldsOf>[0]) => (await authorize(app, { signUp: true })).submit('register', fieldsOf(account));
  const taken = newAccount('taken');
  // Accounts made do not count: only the answers that tell an identifier is taken.
  for (let made = 0; made <= maxSignInFailures; made += 1) expect((await register(client, newAccount('made'))).response.status).toBe(303);
  await register(client, taken);
  for (let attempt = 0; attempt < maxSignInFailures; attempt += 1) {
    const answer = await register(client, { ...taken, email: '' });
    expect(answer.response.status).toBe(422);
    expect(textOf(answer.html, 'username-error')).toBe(t.usernameTaken);
  }
  for (const account of [{ ...taken, email: '' }, newAccount('later')]) {
    const limited = await register(client, account);
    expect(limited.response.status).toBe(429);
    expect(textOf(limited.html, 'password-error')).toBe(t.tooManyAttempts);
    expect(limited.html).not.toContain(t.usernameTaken);
  }
  // Another tenant's users are other people.
  expect((await register(other, { ...taken, email: '' })).response.status).toBe(303);
});

test("the console's sign-up is limited the same way", async () => {
  const taken = newAccount('console');
  const signUp = async (account: Parameters<typeof fieldsOf>[0]) => (await startAuthorization(server.url, { edition: 'cloud', signUp: true })).submit('sign-up', fieldsOf(account));
  expect((await signUp(taken)).session).toBeDefined();
  for (let attempt = 0; attempt < maxSignInFailures; attempt += 1) expect((await signUp({ ...taken, email: '' })).response.status).toBe(422);
  expect((await signUp({ ...taken, email: '' })).response.status).toBe(429);
});
