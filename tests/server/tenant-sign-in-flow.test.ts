import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { users as tenantUsers } from '#server/db/idp.ts';
import { oidcModels } from '#server/db/schema.ts';
import { createAdapterFactory } from '#server/oidc/adapter.ts';
import { previewPage } from '#server/pages/preview.ts';
import { experienceOfSettings } from '#server/sign-in/experience.ts';
import { writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { authorize, decodeJwt, type AuthorizationClient, type AuthorizationOptions } from '../support/oidc-client.ts';
import { newAccount, type TestServer, type TestUser } from './support.ts';
import { cloudSettings, signInRequests, startSignInServer, t, textOf } from './tenant-sign-in-support.ts';
import { tenantData } from './tenant-runtime-support.ts';

let server: TestServer;
let owner: TestUser;
let tenantId: string;
let client: AuthorizationClient;

beforeAll(async () => ({ server, owner, client, tenantId } = await startSignInServer()));
afterAll(() => server?.close());

const { register, findTenantUser } = signInRequests(() => server, () => owner, () => client, () => tenantId);

const settle = (patch: Partial<SignInExperienceSettings>) => writeSignInExperience(server.db, tenantId, cloudSettings(patch));
const method = (identifier: 'username' | 'email' | 'phone', password = true) => ({ identifier, password, verificationCode: !password, isPasswordPrimary: password });
const byUsernameOrEmail = { signUp: { identifiers: ['username', 'email'], password: true, verify: false } } satisfies Partial<SignInExperienceSettings>;
const terms = { termsOfUseUrl: 'https://shop.example.test/terms', privacyPolicyUrl: 'https://shop.example.test/privacy' };
const start = (options: AuthorizationOptions = {}) => authorize(client, options);
/** The sign-in page's title names the app (tenantData's apps are named by their type). */
const signInTitle = `<h1>${t.signInToApp('SPA app')}</h1>`;
const users = async (field: 'username' | 'primaryEmail', value: string) =>
  server.db.select().from(tenantUsers).where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers[field], value)));
const registration = (account: { username: string; email: string; password: string }, extra: Record<string, string> = {}) => ({
  username: account.username,
  email: account.email,
  password: account.password,
  confirmPassword: account.password,
  ...extra,
});

describe("a tenant's sign-in follows its settings (sign-in-experience.md §9)", () => {
  test('the first screen offers exactly the password methods, in order; a hidden kind of identifier is refused with 403', async () => {
    await settle({ signIn: { methods: [method('phone'), method('email', false), method('username')] } });
    const { html, submit } = await start();
    expect(html).toContain('<label for="identifier">Phone number or Username</label>');
    const refused = await submit('password', { identifier: 'ann@example.com', password: 'Whatever-123' });
    expect(refused.response.status).toBe(403);
    expect(textOf(refused.html, 'identifier-error')).toBe(t.flow.identifierNotAllowed);
  });

  test('a phone number with a password signs in, however the number is written', async () => {
    const account = newAccount('phone');
    await settle(byUsernameOrEmail);
    await register(account);
    await server.db.update(tenantUsers).set({ primaryPhone: '+1 (555) 010-1234' }).where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.username, account.username)));
    await settle({ signIn: { methods: [method('phone'), method('username')] }, ...byUsernameOrEmail });
    const { tokens } = await (await start()).submit('password', { identifier: '+15550101234', password: account.password });
    expect(decodeJwt(tokens!.id_token!)).toMatchObject({ username: account.username });
  });

  test('sign-in only: no link to registration, its page is the sign-in page, and a posted registration is refused with 403', async () => {
    await settle({ signInMode: 'SignIn', ...byUsernameOrEmail });
    const account = newAccount('closed');
    const pending = await start({ signUp: true });
    expect(pending.html).toContain(signInTitle);
    expect(pending.html).not.toContain('/register"');
    expect(await (await pending.browser.request(`${pending.pageUrl}/register`)).text()).toContain(signInTitle);
    const refused = await pending.submit('register', registration(account));
    expect(refused.response.status).toBe(403);
    expect(refused.html).toContain(t.flow.registrationNotAllowed);
    expect(await users('username', account.username)).toEqual([]);
  });

  test('registration only: the first screen registers, and a posted sign-in is refused with 403', async () => {
    await settle({ signInMode: 'Register', ...byUsernameOrEmail });
    const pending = await start();
    expect(pending.html).toContain(`<h1>${t.appSignUpTitle}</h1>`);
    expect(pending.html).not.toContain(t.toSignIn);
    const refused = await pending.submit('password', { identifier: 'someone', password: 'Whatever-123' });
    expect(refused.response.status).toBe(403);
    expect(refused.html).toContain(t.flow.signInNotAllowed);
  });

  test('a sign-up identifier that is not offered is refused, not ignored: nothing is written', async () => {
    await settle({});
    const account = newAccount('hidden');
    const pending = await start({ signUp: true });
    expect(pending.html).toContain('id="email"');
    expect(pending.html).not.toContain('id="username"');
    const refused = await pending.submit('register', registration(account));
    expect(refused.response.status).toBe(403);
    expect(refused.html).toContain(`<p class="notice" role="alert">${t.flow.identifierNotAllowed}</p>`);
    expect(await users('primaryEmail', account.email)).toEqual([]);
    const { tokens } = await pending.submit('register', registration({ ...account, username: '' }));
    expect(decodeJwt(tokens!.id_token!)).toMatchObject({ email: account.email });
  });

  test('terms with ManualRegistrationOnly: registration needs the box ticked (400 without), sign-in does not', async () => {
    await settle({ ...byUsernameOrEmail, ...terms, agreeToTermsPolicy: 'ManualRegistrationOnly' });
    const account = newAccount('terms');
    const pending = await start({ signUp: true });
    expect(pending.html).toContain('name="agreeToTerms"');
    expect(pending.html).toContain('<a href="https://shop.example.test/terms">');
    const refused = await pending.submit('register', registration(account));
    expect(refused.response.status).toBe(400);
    expect(textOf(refused.html, 'terms-error')).toBe(t.flow.termsRequired);
    expect(await users('username', account.username)).toEqual([]);
    expect((await pending.submit('register', registration(account, { agreeToTerms: 'yes' }))).tokens).toBeDefined();
    const signIn = await start();
    expect(signIn.html).not.toContain('name="agreeToTerms"');
    expect((await signIn.submit('password', { identifier: account.username, password: account.password })).tokens).toBeDefined();
  });

  test('terms with Manual: a sign-in without the box shows the terms after the password, and only Continue ends it', async () => {
    const account = newAccount('manual');
    await settle(byUsernameOrEmail);
    await register(account);
    await settle({ ...byUsernameOrEmail, ...terms, agreeToTermsPolicy: 'Manual' });
    const pending = await start();
    const asked = await pending.submit('password', { identifier: account.username, password: account.password });
    expect(asked.response.status).toBe(200);
    expect(asked.html).toContain(`<h1>${t.flow.termsTitle}</h1>`);
    const declined = await pending.submit('terms', { decision: 'decline' });
    expect(declined.html).toContain(signInTitle);
    await pending.submit('password', { identifier: account.username, password: account.password });
    expect((await pending.submit('terms', { decision: 'agree' })).tokens).toBeDefined();
    const ticked = await start();
    expect((await ticked.submit('password', { identifier: account.username, password: account.password, agreeToTerms: 'yes' })).tokens).toBeDefined();
  });

  test('terms with Automatic: a notice with the links, no box', async () => {
    await settle({ ...terms, agreeToTermsPolicy: 'Automatic' });
    const { html } = await start();
    expect(html).toContain(t.flow.termsNotice);
    expect(html).not.toContain('name="agreeToTerms"');
  });

  test('a user without the required sign-up identifier gives it after the password (profile), then the sign-in ends', async () => {
    const account = newAccount('profile');
    await settle(byUsernameOrEmail);
    await register({ ...account, email: '' });
    await settle({});
    const pending = await start();
    const asked = await pending.submit('password', { identifier: account.username, password: account.password });
    expect(asked.html).toContain(`<h1>${t.flow.profileTitle}</h1>`);
    expect((await pending.submit('profile', { email: 'not an e-mail' })).response.status).toBe(400);
    const { tokens } = await pending.submit('profile', { email: account.email });
    expect(decodeJwt(tokens!.id_token!)).toMatchObject({ username: account.username, email: account.email });
    expect((await findTenantUser(account.username))?.primaryEmail).toBe(account.email);
  });
});

describe('the sign-in query parameters (spec 02 §2)', () => {
  beforeAll(() => tenantData(server.db, tenantId).signUpByUsernameOrEmail());

  test('first_screen=identifier:sign_in with identifier=email: only the e-mail, then the password on its own page', async () => {
    const account = newAccount('steps');
    await register(account);
    const pending = await start({ firstScreen: 'identifier:sign_in', params: { identifier: 'email' } });
    expect(pending.html).toContain(`<label for="identifier">${t.emailLabel}</label>`);
    expect(pending.html).not.toContain('id="password"');
    expect((await pending.submit('identifier', { identifier: account.username })).response.status).toBe(403);
    // Nor does a username posted straight to the password step pass.
    expect((await pending.submit('password', { identifier: account.username, password: account.password })).response.status).toBe(403);
    const password = await pending.submit('identifier', { identifier: account.email });
    expect(password.html).toContain(`value="${account.email}" readonly`);
    expect((await pending.submit('password', { identifier: account.email, password: account.password })).tokens).toBeDefined();
  });

  test('first_screen=identifier:register asks for the identifier, then the registration', async () => {
    const account = newAccount('idreg');
    const pending = await start({ firstScreen: 'identifier:register', params: { identifier: 'email' } });
    expect(pending.html).toContain(`<h1>${t.appSignUpTitle}</h1>`);
    const form = await pending.submit('identifier', { identifier: account.email });
    expect(form.html).toContain(`value="${account.email}"`);
    expect((await pending.submit('register', registration({ ...account, username: '' }))).tokens).toBeDefined();
  });

  test('first_screen=register with login_hint: registration with the e-mail filled in; login_hint fills the sign-in too', async () => {
    const registering = await start({ firstScreen: 'register', params: { login_hint: 'ann@example.com' } });
    expect(registering.html).toContain(`<h1>${t.appSignUpTitle}</h1>`);
    expect(registering.html).toMatch(/id="email" name="email" type="email" autocomplete="email"\s+value="ann@example.com"/);
    const signingIn = await start({ params: { login_hint: 'ann_hint' } });
    expect(signingIn.html).toMatch(/id="identifier"[^>]*value="ann_hint"/);
  });

  test('first_screen wins over interaction_mode, the deprecated signIn is sign_in, and direct_sign_in and organization_id are ignored', async () => {
    expect((await start({ firstScreen: 'signIn', signUp: true })).html).toContain(signInTitle);
    expect((await start({ signUp: true })).html).toContain(`<h1>${t.appSignUpTitle}</h1>`);
    const ignored = await start({ params: { direct_sign_in: 'social:demo', organization_id: 'org_unknown' } });
    expect(ignored.page.status).toBe(200);
    expect(ignored.html).toContain(signInTitle);
  });
});

describe("the console's preview", () => {
  test("is the flow's first screen for the draft: its identifiers, its terms box, its sign-in mode", async () => {
    const draft = experienceOfSettings(cloudSettings({ ...terms, agreeToTermsPolicy: 'ManualRegistrationOnly', signIn: { methods: [method('phone'), method('username')] } }));
    const register = String(await previewPage(draft, 'register', 'en', 'n'));
    expect(register).toContain('id="email"');
    expect(register).not.toContain('id="username"');
    expect(register).toContain('name="agreeToTerms"');
    expect(String(await previewPage(draft, 'sign_in', 'en', 'n'))).toContain('<label for="identifier">Phone number or Username</label>');
    const signInOnly = String(await previewPage(experienceOfSettings(cloudSettings({ signInMode: 'SignIn' })), 'register', 'en', 'n'));
    expect(signInOnly).toContain(`<h1>${t.appSignInTitle}</h1>`);
  });
});

describe("the flow's snapshot lives with the interaction", () => {
  const flowOf = async (uid: string) =>
    (
      await server.db
        .select({ flow: oidcModels.signInFlow, payload: oidcModels.payload })
        .from(oidcModels)
        .where(and(eq(oidcModels.tenantId, tenantId), eq(oidcModels.model, 'Interaction'), eq(oidcModels.id, uid)))
    )[0];

  test('each step is stored without a password; the issuer saving the interaction keeps it; it goes with the interaction', async () => {
    const account = newAccount('stored');
    await register(account);
    const pending = await start({ firstScreen: 'identifier:sign_in' });
    const uid = pending.pageUrl.split('/').at(-1)!;
    await pending.submit('identifier', { identifier: account.username });
    const stored = await flowOf(uid);
    expect(stored?.flow).toMatchObject({ value: { screens: 'password' }, context: { identifier: account.username } });

    const Adapter = createAdapterFactory(server.db, tenantId);
    await new Adapter('Interaction').upsert(uid, stored!.payload, 600);
    expect((await flowOf(uid))?.flow).toEqual(stored?.flow);

    const wrong = await pending.submit('password', { identifier: account.username, password: 'Wrong-Horse-42' });
    expect(wrong.response.status).toBe(422);
    expect(JSON.stringify((await flowOf(uid))?.flow)).not.toContain('Wrong-Horse-42');
    expect((await pending.submit('password', { identifier: account.username, password: account.password })).tokens).toBeDefined();
    expect(await flowOf(uid)).toBeUndefined();
  });
});
