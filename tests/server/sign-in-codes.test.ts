import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { logs, users as tenantUsers } from '#server/db/idp.ts';
import { writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { authorize, decodeJwt, type AuthorizationClient } from '../support/oidc-client.ts';
import { newAccount, type TestServer, type TestUser } from './support.ts';
import { addMailConnector, addSmsConnector, codeSentTo, codeTextedTo, mailTo, storedCodes } from './sign-in-codes-support.ts';
import { cloudSettings, signInRequests, startSignInServer, t, textOf } from './tenant-sign-in-support.ts';

let server: TestServer;
let owner: TestUser;
let tenantId: string;
let client: AuthorizationClient;

beforeAll(async () => {
  ({ server, owner, client, tenantId } = await startSignInServer());
  await addMailConnector(server, tenantId);
});
afterAll(() => server?.close());

const requests = signInRequests(() => server, () => owner, () => client, () => tenantId);
const { register } = requests;
const settle = (patch: Partial<SignInExperienceSettings>) => writeSignInExperience(server.db, tenantId, cloudSettings(patch));
const emailMethod = (password: boolean, code: boolean, isPasswordPrimary = true) => ({ identifier: 'email' as const, password, verificationCode: code, isPasswordPrimary });
const username = { identifier: 'username' as const, password: true, verificationCode: false, isPasswordPrimary: true };
const byEmail = { signUp: { identifiers: ['email'], password: true, verify: false } } satisfies Partial<SignInExperienceSettings>;
/** The audit log's keys of one interaction, oldest first, with their results. */
const logKeys = async (ofTenant: string, uid: string) =>
  (await server.db.select({ key: logs.key, result: logs.result }).from(logs).where(and(eq(logs.tenantId, ofTenant), eq(logs.sessionId, uid))).orderBy(logs.createdAt)).map(
    ({ key, result }) => `${key} ${result}`,
  );
const userOf = async (email: string) =>
  (await server.db.select().from(tenantUsers).where(and(eq(tenantUsers.tenantId, tenantId), eq(tenantUsers.primaryEmail, email))))[0];

describe('signing in with an e-mail code (tenant-runtime.md §4)', () => {
  test('code only: the identifier alone, then the code page; the code is mailed, stored only as a hash, and signs in once', async () => {
    const account = newAccount('codeonly');
    await settle(byEmail);
    await register({ email: account.email, password: account.password });
    await settle({ ...byEmail, signIn: { methods: [emailMethod(false, true), username] } });
    const pending = await authorize(client);
    expect(pending.html).not.toContain('id="password"');
    const page = await pending.submit('identifier', { identifier: account.email });
    expect(page.response.status).toBe(200);
    expect(page.html).toContain(`<h1>${t.codes.codeTitle}</h1>`);
    expect(page.html).toMatch(/id="code" name="code" type="text" autocomplete="one-time-code"\s+inputmode="numeric" maxlength="6"/);
    expect(page.html).toContain('<label for="code">');
    // The resend waits 60 s, and the page says so.
    expect(page.html).toMatch(/<button type="submit" class="secondary" disabled aria-describedby="resend-wait">/);

    const code = await codeSentTo(server, account.email);
    const [row] = await storedCodes(server, tenantId, account.email);
    expect(row).toMatchObject({ usage: 'SignIn', identifierKind: 'email', tryCount: 0, consumed: false });
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60 * 1000);

    const wrong = await pending.submit('code', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.response.status).toBe(422);
    expect(textOf(wrong.html, 'code-error')).toBe(t.codes.codeMismatch);
    expect((await storedCodes(server, tenantId, account.email))[0]?.tryCount).toBe(1);

    const { tokens } = await pending.submit('code', { code });
    expect(decodeJwt(tokens!.id_token!)).toMatchObject({ email: account.email });
    expect((await storedCodes(server, tenantId, account.email))[0]?.consumed).toBe(true);
    expect((await userOf(account.email))?.lastSignInAt).not.toBeNull();
    expect(await logKeys(tenantId, pending.pageUrl.split('/').at(-1)!)).toEqual([
      'Interaction.Create Success',
      'Interaction.SignIn.Create Success',
      'Interaction.SignIn.Verification.EmailVerificationCode.Create Success',
      'Interaction.SignIn.Verification.EmailVerificationCode.Submit Error',
      'Interaction.SignIn.Verification.EmailVerificationCode.Submit Success',
      'Interaction.SignIn.Identifier.Submit Success',
      'Interaction.SignIn.Submit Success',
      'Interaction.End Success',
    ]);
  });

  test('a code of no account says so only once the code is typed; a code method turned off meanwhile is refused with 403', async () => {
    await settle({ ...byEmail, signIn: { methods: [emailMethod(false, true), username] } });
    const stranger = `nobody-${Date.now()}@example.com`;
    const pending = await authorize(client);
    const page = await pending.submit('identifier', { identifier: stranger });
    expect(page.html).toContain(t.codes.codeSentTo(stranger));
    const noAccount = await pending.submit('code', { code: await codeSentTo(server, stranger) });
    expect(noAccount.response.status).toBe(422);
    expect(textOf(noAccount.html, 'identifier-error')).toBe(t.codes.noAccount);

    const other = `other-${Date.now()}@example.com`;
    await pending.submit('identifier', { identifier: other });
    await settle({ ...byEmail, signIn: { methods: [emailMethod(true, false), username] } });
    const refused = await pending.submit('code', { code: await codeSentTo(server, other) });
    expect(refused.response.status).toBe(403);
    expect(textOf(refused.html, 'code-error')).toBe(t.codes.codeNotAllowed);
  });

  test('code first with a password too: "use your password instead" leads to the password, which signs in', async () => {
    const account = newAccount('codefirst');
    await settle(byEmail);
    await register({ email: account.email, password: account.password });
    await settle({ ...byEmail, signIn: { methods: [emailMethod(true, true, false), username] } });
    const pending = await authorize(client);
    const page = await pending.submit('identifier', { identifier: account.email });
    expect(page.html).toContain(t.codes.usePassword);
    const password = await pending.submit('code/password', {});
    expect(password.html).toContain(`value="${account.email}" readonly`);
    expect(password.html).toContain(t.codes.useCode);
    expect((await pending.submit('password', { identifier: account.email, password: account.password })).tokens).toBeDefined();
  });

  test('password first with a code too: the password page offers the code instead', async () => {
    const account = newAccount('pwfirst');
    await settle(byEmail);
    await register({ email: account.email, password: account.password });
    await settle({ ...byEmail, signIn: { methods: [emailMethod(true, true, true), username] } });
    const pending = await authorize(client);
    const password = await pending.submit('identifier', { identifier: account.email });
    expect(password.html).toContain('id="password"');
    const code = await pending.submit('code/send', {});
    expect(code.html).toContain(`<h1>${t.codes.codeTitle}</h1>`);
    expect((await pending.submit('code', { code: await codeSentTo(server, account.email) })).tokens).toBeDefined();
  });
});

describe('registering with signUp.verify', () => {
  test('the code proves the e-mail before the account is made; then the password; the e-mail is stored verified by code', async () => {
    await settle({ signUp: { identifiers: ['email'], password: true, verify: true }, signIn: { methods: [emailMethod(true, true), username] } });
    const account = newAccount('verified');
    const pending = await authorize(client, { signUp: true });
    expect(pending.html).not.toContain('id="password"');
    const code = await pending.submit('register', { email: account.email });
    expect(code.html).toContain(t.codes.codeSentTo(account.email));
    expect(await userOf(account.email)).toBeUndefined();
    const password = await pending.submit('code', { code: await codeSentTo(server, account.email) });
    expect(password.html).toContain(`<h1>${t.codes.createPasswordTitle}</h1>`);
    const weak = await pending.submit('new-password', { password: 'short', confirmPassword: 'short' });
    expect(weak.response.status).toBe(400);
    expect(await userOf(account.email)).toBeUndefined();
    const { tokens } = await pending.submit('new-password', { password: account.password, confirmPassword: account.password });
    expect(decodeJwt(tokens!.id_token!)).toMatchObject({ email: account.email, email_verified: true });
    expect(await userOf(account.email)).toMatchObject({ primaryEmailVerifiedBy: 'code' });
  });
});

describe('phone numbers by SMS code', () => {
  test('registration by phone without a password, verified by a texted code; then the phone signs in with a code', async () => {
    const shop = await requests.tenantWithSpa();
    const shopId = new URL(shop.issuer).pathname.split('/')[2]!;
    await addSmsConnector(server, shopId);
    const phone = `+1555${String(Date.now()).slice(-7)}`;
    await writeSignInExperience(
      server.db,
      shopId,
      cloudSettings({ signUp: { identifiers: ['phone'], password: false, verify: true }, signIn: { methods: [{ identifier: 'phone', password: false, verificationCode: true, isPasswordPrimary: false }] } }),
    );
    const registering = await authorize(shop, { signUp: true });
    expect(registering.html).toMatch(/id="phone" name="phone" type="tel" autocomplete="tel"/);
    await registering.submit('register', { phone });
    const registered = await registering.submit('code', { code: await codeTextedTo(server, phone) });
    expect(decodeJwt(registered.tokens!.id_token!)).toMatchObject({ sub: expect.any(String) });
    const [user] = await server.db.select().from(tenantUsers).where(and(eq(tenantUsers.tenantId, shopId), eq(tenantUsers.primaryPhone, phone)));
    expect(user).toMatchObject({ primaryPhoneVerifiedBy: 'code', passwordEncrypted: null });

    const signingIn = await authorize(shop);
    await signingIn.submit('identifier', { identifier: phone });
    expect((await signingIn.submit('code', { code: await codeTextedTo(server, phone) })).tokens).toBeDefined();
  });
});

describe('forgot password', () => {
  let shop: AuthorizationClient;
  let shopId: string;
  const refresh = (refreshToken: string) =>
    fetch(`${shop.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: shop.clientId, refresh_token: refreshToken }),
    });

  beforeAll(async () => {
    shop = await requests.tenantWithSpa();
    shopId = new URL(shop.issuer).pathname.split('/')[2]!;
    await writeSignInExperience(server.db, shopId, cloudSettings({ ...byEmail, signIn: { methods: [emailMethod(true, false), username] } }));
    await addMailConnector(server, shopId);
  });

  test('without an e-mail or SMS connector there is no link, and the step is refused with 403', async () => {
    const pending = await authorize(await requests.tenantWithSpa());
    expect(pending.html).not.toContain('/forgot-password"');
    const refused = await pending.browser.request(`${pending.pageUrl}/forgot-password`);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(t.codes.resetNotAvailable);
  });

  test('the code, then a new password under the policy; the other sign-ins end; back to sign-in, where only the new password works', async () => {
    const account = newAccount('forgot');
    const { result } = await register({ email: account.email, password: account.password }, {}, shop);
    const refreshToken = result.tokens!.refresh_token!;
    expect((await refresh(refreshToken)).status).toBe(200);

    const pending = await authorize(shop);
    expect(pending.html).toContain(`/forgot-password">${t.codes.forgotPasswordLink}</a>`);
    const form = await pending.browser.request(`${pending.pageUrl}/forgot-password`);
    expect(await form.text()).toContain(`<h1>${t.codes.forgotTitle}</h1>`);
    const code = await pending.submit('forgot-password', { identifier: account.email });
    expect(code.html).toContain(t.codes.codeSentTo(account.email));
    const newPassword = await pending.submit('code', { code: await codeSentTo(server, account.email) });
    expect(newPassword.html).toContain(`<h1>${t.codes.newPasswordTitle}</h1>`);
    const weak = await pending.submit('new-password', { password: 'forgot', confirmPassword: 'forgot' });
    expect(weak.response.status).toBe(400);
    expect(textOf(weak.html, 'password-error')).toContain(t.password.too_short);
    const mismatch = await pending.submit('new-password', { password: 'Brand-New-Kettle-77', confirmPassword: 'Brand-New-Kettle-78' });
    expect(textOf(mismatch.html, 'confirmPassword-error')).toBe(t.passwordMismatch);

    const reset = await pending.submit('new-password', { password: 'Brand-New-Kettle-77', confirmPassword: 'Brand-New-Kettle-77' });
    expect(reset.response.status).toBe(200);
    expect(reset.html).toContain(t.codes.passwordReset);
    expect((await refresh(refreshToken)).status).toBe(400);
    expect((await pending.submit('password', { identifier: account.email, password: account.password })).response.status).toBe(422);
    expect((await pending.submit('password', { identifier: account.email, password: 'Brand-New-Kettle-77' })).tokens).toBeDefined();
    expect((await logKeys(shopId, pending.pageUrl.split('/').at(-1)!)).slice(1, 7)).toEqual([
      'Interaction.ForgotPassword.Create Success',
      'Interaction.ForgotPassword.Verification.EmailVerificationCode.Create Success',
      'Interaction.ForgotPassword.Verification.EmailVerificationCode.Submit Success',
      'Interaction.ForgotPassword.Profile.Update Error',
      'Interaction.ForgotPassword.Profile.Update Error',
      'Interaction.ForgotPassword.Profile.Update Success',
    ]);
  });

  test('an identifier of no account gets the same answer, and nothing is sent to it', async () => {
    const account = newAccount('known');
    await register({ email: account.email, password: account.password }, {}, shop);
    const unknown = `unknown-${Date.now()}@example.com`;
    const answers = await Promise.all(
      [account.email, unknown].map(async (identifier) => {
        const pending = await authorize(shop);
        const { response, html } = await pending.submit('forgot-password', { identifier });
        const uid = pending.pageUrl.split('/').at(-1)!;
        return { status: response.status, html: html.replaceAll(identifier, 'IDENTIFIER').replaceAll(uid, 'UID').replaceAll(/nonce="[^"]+"|nonce-[^']+'/g, '') };
      }),
    );
    expect(answers[1]).toEqual(answers[0]);
    await codeSentTo(server, account.email);
    expect(await mailTo(server, account.email)).toHaveLength(1);
    expect(await mailTo(server, unknown)).toEqual([]);
    expect(await storedCodes(server, shopId, unknown)).toHaveLength(1);
  });
});
