import { gzipSync } from 'node:zlib';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maxSignInFailures } from '#server/accounts/rate-limit.ts';
import {
  applicationUserConsentResourceScopes,
  applicationUserConsentUserScopes,
  roles,
  scopes,
  users as tenantUsers,
  usersRoles,
} from '#server/db/idp.ts';
import { signInFailures, users } from '#server/db/schema.ts';
import { en } from '#server/i18n/locales/en.ts';
import { defaultSignInExperience, type SignInExperience } from '#server/pages/experience.ts';
import { signInView } from '#server/pages/views.ts';
import { upsertSignInExperience } from '#server/tenant/applications/store.ts';
import { tenantAccounts } from '#server/tenant/users/sign-in.ts';
import { resourceIndicators } from '#schemas/constants.ts';
import { authorize, decodeJwt, signUp, type AuthorizationClient, type AuthorizationOptions } from '../support/oidc-client.ts';
import { startServer as startProcess } from '../support/server.ts';
import { createTenant } from './billing-support.ts';
import { tenantData, verifyWithJwks } from './tenant-runtime-support.ts';
import { bearer, freshPostgresSchema, json, newAccount, postgresUrl, signUpUser, startTestServer, type TestServer } from './support.ts';

const t = en.pages;
const redirectUri = 'https://shop.example.test/callback';
const indicator = 'https://orders.example.test';

let server: TestServer;
let tenantId: string;
let client: AuthorizationClient;
let defaultRoleId: string;
let otherRoleId: string;

let owner: Awaited<ReturnType<typeof signUpUser>>;

/** A new tenant with an SPA app; answers the app as a client of the tenant's issuer. */
const tenantWithSpa = async (): Promise<AuthorizationClient> => {
  const id = (await createTenant(server, owner, { name: 'Shop' })).id;
  const clientId = await tenantData(server.db, id).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
  return {
    issuer: `${server.url}/t/${id}/oidc`,
    clientId,
    redirectUri,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    resources: [],
    // As @logto/browser asks by default.
    prompt: 'consent',
  };
};

beforeAll(async () => {
  server = await startTestServer('cloud');
  owner = await signUpUser(server, 'owner');
  const spa = await tenantWithSpa();
  client = { ...spa, scopes: [...spa.scopes, 'read:orders', 'delete:orders'], resources: [indicator] };
  tenantId = new URL(client.issuer).pathname.split('/')[2]!;
  const data = tenantData(server.db, tenantId);
  const { scopeIds } = await data.resource(indicator, ['read:orders', 'delete:orders']);
  defaultRoleId = await data.role('User', [scopeIds['read:orders']!]);
  otherRoleId = await data.role('User', [scopeIds['delete:orders']!]);
  await server.db.update(roles).set({ isDefault: true }).where(and(eq(roles.tenantId, tenantId), eq(roles.id, defaultRoleId)));
});
afterAll(() => server?.close());

const register = async (account: { username?: string; email?: string; password: string }, options: AuthorizationOptions = {}, app = client) => {
  const pending = await authorize(app, { signUp: true, ...options });
  const fields = { username: account.username ?? '', email: account.email ?? '', password: account.password, confirmPassword: account.password };
  return { pending, result: await pending.submit('register', fields) };
};

const signIn = async (identifier: string, password: string, app = client) => (await authorize(app)).submit('password', { identifier, password });

/** The sign-in page of an experience, rendered alone. */
const signInPageOf = (experience: SignInExperience) =>
  String(
    signInView({ locale: 'en', nonce: 'n', messages: t, forms: { signIn: '/in', signUp: '/up', consent: '/consent' }, titles: { signIn: 'In', signUp: 'Up' }, experience }),
  );

const findTenantUser = async (username: string) =>
  (await server.db.select().from(tenantUsers).where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.username, username))))[0];

/** An access token for the API, as the SDKs get one: a refresh-token grant naming the resource. */
const resourceToken = async (refreshToken: string, clientId = client.clientId) => {
  const response = await fetch(`${client.issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken, resource: indicator }),
  });
  const body = (await response.json()) as { access_token: string };
  expect(response.status).toBe(200);
  return body.access_token;
};

/** The text of an element of a page by id, without markup. */
const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();

describe("a tenant's sign-in pages", () => {
  test('register a tenant user, not a console account, with the default roles, through a PKCE authorization-code flow', async () => {
    const account = newAccount('shopper');
    const { pending, result } = await register(account);
    expect(pending.pageUrl).toMatch(new RegExp(`^${server.url}/t/${tenantId}/sign-in/[\\w-]+$`));
    expect(pending.html).toContain(`<h1>${t.appSignUpTitle}</h1>`);
    const idToken = decodeJwt(result.tokens!.id_token!);
    expect(idToken).toMatchObject({ iss: client.issuer, aud: client.clientId, username: account.username, email: account.email });

    const user = (await findTenantUser(account.username))!;
    expect(user).toMatchObject({ id: idToken.sub, primaryEmail: account.email, applicationId: client.clientId, passwordEncryptionMethod: 'Argon2id' });
    expect(user.passwordEncrypted).toMatch(/^\$argon2id\$/);
    expect(user.lastSignInAt).toBeInstanceOf(Date);
    expect(await server.db.select().from(users).where(eq(users.username, account.username))).toEqual([]);
    const held = await server.db.select({ roleId: usersRoles.roleId }).from(usersRoles).where(and(eq(usersRoles.tenantId, tenantId), eq(usersRoles.userId, user.id)));
    expect(held).toEqual([{ roleId: defaultRoleId }]);
    expect(otherRoleId).not.toBe(defaultRoleId);

    expect(result.tokens!.refresh_token).toEqual(expect.any(String));
    const access = await verifyWithJwks(client.issuer, await resourceToken(result.tokens!.refresh_token!), indicator);
    expect(access).toMatchObject({ sub: user.id, client_id: client.clientId, scope: 'read:orders' });
  });

  test('sign in by username, or by e-mail in any case, and the sign-in is recorded', async () => {
    const account = newAccount('returning');
    await register(account);
    const before = (await findTenantUser(account.username))!.lastSignInAt!;
    const byUsername = await signIn(account.username, account.password);
    expect(decodeJwt(byUsername.tokens!.id_token!)).toMatchObject({ iss: client.issuer, username: account.username });
    const byEmail = await signIn(account.email.toUpperCase(), account.password);
    expect(decodeJwt(byEmail.tokens!.id_token!).sub).toBe(decodeJwt(byUsername.tokens!.id_token!).sub);
    expect((await findTenantUser(account.username))!.lastSignInAt!.getTime()).toBeGreaterThan(before.getTime());
  });

  test('registration by e-mail alone, and first_screen=register opens it', async () => {
    const pending = await authorize(client, { firstScreen: 'register' });
    expect(pending.html).toContain(`<h1>${t.appSignUpTitle}</h1>`);
    const email = `${newAccount('mail').username}@example.com`;
    const result = await pending.submit('register', { username: '', email, password: 'Correct-Horse-42', confirmPassword: 'Correct-Horse-42' });
    const idToken = decodeJwt(result.tokens!.id_token!);
    expect(idToken).toMatchObject({ email });
    // OIDC Core §5.3.2: no username, no username claim (not null).
    expect(idToken).not.toHaveProperty('username');
  });

  test('a wrong password is refused as on the console, and after 5 failures per tenant and identifier the right one is too', async () => {
    const account = newAccount('forgetful');
    await register(account);
    for (let attempt = 0; attempt < maxSignInFailures; attempt += 1) {
      const wrong = await signIn(account.username, 'Wrong-Password-1');
      expect(wrong.response.status).toBe(422);
      expect(textOf(wrong.html, 'password-error')).toBe(t.invalidCredentials);
      expect(wrong.html).toContain(`value="${account.username}"`);
    }
    const blocked = await signIn(account.email, account.password);
    expect(blocked.response.status).toBe(429);
    expect(textOf(blocked.html, 'password-error')).toBe(t.tooManyAttempts);
    const userId = (await findTenantUser(account.username))!.id;
    const failures = await server.db.select().from(signInFailures).where(like(signInFailures.identifier, `tenant:${tenantId}:%${userId}`));
    expect(failures).toHaveLength(maxSignInFailures);
  });

  test("failures count per tenant: another tenant's sign-ins with the same identifier are not limited by them", async () => {
    const other = await tenantWithSpa();
    const nobody = newAccount('nobody').username;
    for (let attempt = 0; attempt < maxSignInFailures; attempt += 1) expect((await signIn(nobody, 'Wrong-Password-1')).response.status).toBe(422);
    expect((await signIn(nobody, 'Wrong-Password-1')).response.status).toBe(429);
    expect((await signIn(nobody, 'Wrong-Password-1', other)).response.status).toBe(422);
    const account = { ...newAccount('twin'), username: nobody };
    await register(account, {}, other);
    const elsewhere = await signIn(account.username, account.password, other);
    expect(decodeJwt(elsewhere.tokens!.id_token!)).toMatchObject({ iss: other.issuer, username: nobody });
  });

  test('an identifier of a kind the experience does not accept names no user', async () => {
    const account = newAccount('kinds');
    await register(account);
    const byUsernameOnly = tenantAccounts(server.db, tenantId, { ...defaultSignInExperience, signIn: { identifiers: ['username'] } });
    expect(await byUsernameOnly.signIn(account.email, account.password)).toEqual({ ok: false, reason: 'invalid_credentials' });
    expect(await byUsernameOnly.signIn(account.username, account.password)).toMatchObject({ ok: true });
  });

  test('an identifier that names no user gets the answer of a wrong password', async () => {
    const unknown = await signIn('nobody_here', 'Whatever-123');
    expect(unknown.response.status).toBe(422);
    expect(textOf(unknown.html, 'password-error')).toBe(t.invalidCredentials);
  });

  test('a suspended user cannot sign in, and is told so only with the right password', async () => {
    const account = newAccount('suspended');
    await register(account);
    await server.db.update(tenantUsers).set({ isSuspended: true }).where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.username, account.username)));
    const wrong = await signIn(account.username, 'Wrong-Password-1');
    expect(textOf(wrong.html, 'password-error')).toBe(t.invalidCredentials);
    const right = await signIn(account.username, account.password);
    expect(right.response.status).toBe(403);
    expect(right.tokens).toBeUndefined();
    expect(textOf(right.html, 'password-error')).toBe(t.userSuspended);
  });

  test('a weak password is refused with the rule it breaks, and a taken username with its message', async () => {
    const account = newAccount('weak');
    const weak = await register({ ...account, password: 'Zq7!' });
    expect(weak.result.response.status).toBe(400);
    expect(textOf(weak.result.html, 'password-error')).toBe(t.password.too_short);
    const withName = await register({ ...account, password: `${account.username}-X1` });
    expect(textOf(withName.result.html, 'password-error')).toBe(t.password['restricted.user_info']);
    await register(account);
    const again = await register({ ...account, email: '' });
    expect(again.result.response.status).toBe(422);
    expect(textOf(again.result.html, 'username-error')).toBe(t.usernameTaken);
  });

  test('works without JavaScript: plain forms posting to the tenant, HTML and CSS under 25 kB gzip, form-action allowing the app', async () => {
    const pending = await authorize(client);
    const { html, page, pageUrl } = pending;
    const uid = pageUrl.split('/').pop();
    expect(html).not.toContain('<script');
    expect(html).toContain(`<h1>${t.appSignInTitle}</h1>`);
    expect(html).toContain(`<form method="post" action="/t/${tenantId}/sign-in/${uid}/password"`);
    expect(html).toContain(`href="/t/${tenantId}/sign-in/${uid}/register"`);
    expect(html).toContain('--accent: #5d34f2');
    expect(gzipSync(html).length).toBeLessThanOrEqual(25_000);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example.test;");
    const registration = await pending.browser.request(`${pageUrl}/register`);
    expect(await registration.text()).toContain(`<form method="post" action="/t/${tenantId}/sign-in/${uid}/register"`);
  });

  test("the experience's colours are the page's accent, and a colour that is not #rrggbb is the product's", async () => {
    const view = (primary: string) => signInPageOf({ ...defaultSignInExperience, color: { primary, darkPrimary: '#112233' } });
    expect(view('#0a7f5c')).toContain(':root { --accent: #0a7f5c; } @media (prefers-color-scheme: dark) { :root { --accent: #112233; } }');
    const injected = view('red; } </style><script>alert(1)</script>');
    expect(injected).toContain(`:root { --accent: ${defaultSignInExperience.color.primary}; }`);
    expect(injected).not.toContain('<script>');
  });

  test("an app's own sign-in experience: its colours, logo, name and links on its pages, escaped; another app's pages keep the tenant's", async () => {
    const clientId = await tenantData(server.db, tenantId).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    await upsertSignInExperience(server.db, tenantId, clientId, {
      color: { primaryColor: '#0a7', darkPrimaryColor: '#33cc99' },
      branding: { logoUrl: 'https://cdn.example.test/logo.svg?a=1&b=2', darkLogoUrl: 'https://dark.example.test/logo.svg' },
      termsOfUseUrl: 'https://shop.example.test/terms',
      privacyPolicyUrl: 'https://shop.example.test/privacy',
      displayName: 'Shop & "Co" <b>',
    });
    const { html, page, pageUrl, browser } = await authorize({ ...client, clientId });
    expect(html).toContain(':root { --accent: #00aa77; } @media (prefers-color-scheme: dark) { :root { --accent: #33cc99; } }');
    expect(html).toContain('<img class="logo" src="https://cdn.example.test/logo.svg?a=1&amp;b=2" alt="Shop &amp; &quot;Co&quot; &lt;b&gt;" />');
    expect(html).toContain('<source srcset="https://dark.example.test/logo.svg" media="(prefers-color-scheme: dark)" />');
    expect(html).toContain(`<h1>${t.signInToApp('Shop &amp; &quot;Co&quot; &lt;b&gt;')}</h1>`);
    expect(html).toContain(`<a href="https://shop.example.test/terms">${t.termsOfUse}</a>`);
    expect(html).toContain(`<a href="https://shop.example.test/privacy">${t.privacyPolicy}</a>`);
    expect(html).not.toContain('<b>');
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data: https://cdn.example.test https://dark.example.test;");
    const registration = await (await browser.request(`${pageUrl}/register`)).text();
    expect(registration).toContain('<img class="logo" src="https://cdn.example.test/logo.svg?a=1&amp;b=2"');
    expect(registration).toContain(t.privacyPolicy);

    const other = await authorize(client);
    expect(other.html).toContain(`--accent: ${defaultSignInExperience.color.primary}`);
    expect(other.html).toContain(`<h1>${t.appSignInTitle}</h1>`);
    expect(other.html).not.toContain('class="logo"');
    expect(other.html).not.toContain(t.termsOfUse);
    expect(other.page.headers.get('content-security-policy')).toContain("img-src 'self' data:;");
  });

  test("an app's logo and links are http(s) URLs as the URL parser writes them: one srcset candidate, no other scheme", async () => {
    const app = {
      displayName: null,
      logoUrl: 'javascript:alert(1)',
      darkLogoUrl: 'https://cdn.example.test/a b.png 2x, https://evil.example.test/x.png',
      termsOfUseUrl: 'javascript:alert(2)',
      privacyPolicyUrl: 'data:text/html,hi',
    };
    const html = signInPageOf({ ...defaultSignInExperience, app });
    const logo = 'https://cdn.example.test/a%20b.png%202x,%20https://evil.example.test/x.png';
    expect(html).toContain(`<source srcset="${logo}" media="(prefers-color-scheme: dark)" />`);
    expect(html).toContain(`<img class="logo" src="${logo}" alt="" />`);
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(html).not.toContain(t.termsOfUse);
  });

  test('is localized, right to left in Arabic', async () => {
    const { html } = await authorize(client, { uiLocales: 'ar' });
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('<h1>تسجيل الدخول</h1>');
  });

  describe('a third-party app', () => {
    let partner: AuthorizationClient;
    let account: ReturnType<typeof newAccount>;

    beforeAll(async () => {
      const data = tenantData(server.db, tenantId);
      const clientId = await data.application('SPA', {
        name: 'Partner portal',
        isThirdParty: true,
        oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] },
      });
      partner = { ...client, clientId, scopes: ['openid', 'profile', 'email', 'phone', 'offline_access', 'read:orders', 'delete:orders'] };
      const [read] = await server.db.select().from(scopes).where(and(eq(scopes.tenantId, tenantId), eq(scopes.name, 'read:orders')));
      await server.db.update(scopes).set({ description: 'Read your orders' }).where(and(eq(scopes.tenantId, tenantId), eq(scopes.id, read!.id)));
      await server.db.insert(applicationUserConsentUserScopes).values({ tenantId, applicationId: clientId, userScope: 'email' });
      await server.db.insert(applicationUserConsentResourceScopes).values({ tenantId, applicationId: clientId, scopeId: read!.id });
      // The user's roles allow both permissions; only read:orders is enabled for the app.
      account = newAccount('partner');
      await register(account);
      await server.db.insert(usersRoles).values({ tenantId, userId: (await findTenantUser(account.username))!.id, roleId: otherRoleId });
    });

    const consentPage = async () => {
      const pending = await authorize(partner);
      const consent = await pending.submit('password', { identifier: account.username, password: account.password });
      expect(consent.pageUrl).toMatch(new RegExp(`^${server.url}/t/${tenantId}/sign-in/[\\w-]+$`));
      return { pending, consent: { ...consent, pageUrl: consent.pageUrl! } };
    };

    test('gets a consent page naming it and what it asks for among what is enabled; Authorize grants only that', async () => {
      const { pending, consent } = await consentPage();
      expect(consent.response.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example.test;");
      expect(consent.html).toContain(`<h1>${t.consentTitle}</h1>`);
      expect(consent.html).toContain(t.consentIntro('Partner portal'));
      for (const shown of [t.consentScopes.profile, t.consentScopes.email, t.consentScopes.offline_access, '<strong>read:orders</strong>: Read your orders']) {
        expect(consent.html).toContain(shown);
      }
      for (const hidden of [t.consentScopes.phone, 'delete:orders']) expect(consent.html).not.toContain(hidden);
      expect(consent.html).toContain(`<form method="post" action="${new URL(consent.pageUrl).pathname}/consent">`);

      const { tokens } = await pending.submit('consent', { decision: 'authorize' }, consent.pageUrl);
      expect(tokens!.scope!.split(' ').sort()).toEqual(['email', 'offline_access', 'openid', 'profile']);
      expect(decodeJwt(tokens!.id_token!)).toMatchObject({ aud: partner.clientId, username: account.username, email: account.email });
      const access = await verifyWithJwks(client.issuer, await resourceToken(tokens!.refresh_token!, partner.clientId), indicator);
      expect(access).toMatchObject({ client_id: partner.clientId, scope: 'read:orders' });
    });

    test('Cancel ends the sign-in at the redirect URI with access_denied', async () => {
      const { pending, consent } = await consentPage();
      expect(await pending.submit('consent', { decision: 'cancel' }, consent.pageUrl)).toMatchObject({ error: 'access_denied' });
    });
  });

  test('an unknown or finished interaction says to go back to the application, with no link to the console', async () => {
    const pending = await authorize(client);
    const answer = await pending.browser.request(`${server.url}/t/${tenantId}/sign-in/unknown-uid`);
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain(t.appInteractionExpired);
    expect(html).not.toContain(t.backToConsole);
  });
});

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

  test.skipIf(!postgresUrl)('a sign-in page one process shows is answered by the other', async () => {
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
    const pending = await authorize({ issuer: `${first.url}/t/${id}/oidc`, clientId: app.id, redirectUri, scopes: ['openid'], resources: [], prompt: 'consent' }, { signUp: true });
    const account = newAccount('shared');
    const action = `${pending.pageUrl.replace(first.url, second.url)}/register`;
    const answer = await pending.browser.postForm(action, { username: account.username, email: '', password: account.password, confirmPassword: account.password });
    expect(answer.status).toBe(303);
    const done = await pending.browser.follow(answer, action, redirectUri);
    expect(new URL(done.url).searchParams.get('code')).toEqual(expect.any(String));
  });
});
