import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { verificationCodeMaxTries } from '#schemas/profile.ts';
import { meGuard } from '#schemas/user.ts';
import { maxCodesPerWindow } from '#server/me/verification.ts';
import { verificationCodes, verificationStatuses } from '#server/db/schema.ts';
import { decodeJwt, signIn } from '../support/oidc-client.ts';
import { readDevMailbox } from '../support/server.ts';
import { call, expectError, newAccount, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('cloud');
});
afterAll(() => server?.close());

const meClient = async (user: TestUser) => {
  const token = await user.session.accessToken(resourceIndicators.me);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/me${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  return {
    token,
    send: (email: string, language = 'en') => post('/verification-codes', { email }, { 'accept-language': language }),
    verify: (email: string, verificationCode: string, action?: string) =>
      post('/verification-codes/verify', { email, verificationCode, ...(action ? { action } : {}) }),
    setPrimary: (email: string) => call(`${server.url}/me/primary-email`, token, 'PATCH', { email }),
  };
};

/** The code of the newest mail to `email`. */
const mailedCode = async (email: string) => {
  const [mail] = await readDevMailbox(server.devMailboxUrl, email);
  const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return { code, mail: mail! };
};

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('e-mail change', () => {
  test('a code to the new e-mail, verified, then set as primary: the new e-mail signs in', async () => {
    const user = await signUpUser(server, 'mail');
    const me = await meClient(user);
    const email = `New.${user.id}@Example.com`;
    expect((await me.send(email)).status).toBe(204);
    const { code, mail } = await mailedCode(email.toLowerCase());
    expect(mail.subject).toBe(`${code} is your Gatehouse verification code`);
    expect(mail.text).toContain('expires in 10 minutes');

    expect((await me.verify(email, code)).status).toBe(204);
    const response = await me.setPrimary(email);
    expect(response.status).toBe(200);
    expect(meGuard.parse(await response.json()).primaryEmail).toBe(email.toLowerCase());
    const session = await signIn(server.url, email.toLowerCase(), newAccount().password, { edition: 'cloud' });
    expect(session.refreshToken).toEqual(expect.any(String));
  });

  test('an e-mail typed at sign-up is unverified in the ID token and at userinfo; one proved by a code is verified', async () => {
    const user = await signUpUser(server, 'claims');
    expect(decodeJwt(user.session.initial.id_token!)).toMatchObject({ email: user.email.toLowerCase(), email_verified: false });
    expect((await user.session.userinfo()).body).toMatchObject({ email_verified: false });
    const me = await meClient(user);
    const email = `proved.${user.id}@example.com`;
    await me.send(email);
    await me.verify(email, (await mailedCode(email)).code);
    expect((await me.setPrimary(email)).status).toBe(200);
    const session = await signIn(server.url, email, newAccount().password, { edition: 'cloud' });
    expect(decodeJwt(session.initial.id_token!)).toMatchObject({ email, email_verified: true });
    expect((await session.userinfo()).body).toMatchObject({ email, email_verified: true });
  });

  test('the mail is in the language of the request', async () => {
    const user = await signUpUser(server, 'mail');
    const email = `de.${user.id}@example.com`;
    expect((await (await meClient(user)).send(email, 'de-DE,de;q=0.9')).status).toBe(204);
    const { code, mail } = await mailedCode(email);
    expect(mail.subject).toBe(`${code} ist Ihr Gatehouse-Bestätigungscode`);
  });

  test('an Arabic mail is right to left', async () => {
    const user = await signUpUser(server, 'mail');
    const email = `ar.${user.id}@example.com`;
    expect((await (await meClient(user)).send(email, 'ar')).status).toBe(204);
    const { code, mail } = await mailedCode(email);
    expect(mail.subject).toBe(`${code} هو رمز التحقق الخاص بك في Gatehouse`);
    expect(mail.html).toMatch(/^<!doctype html>\s*<html lang="ar" dir="rtl">/);
  });

  test('setting an e-mail that was not verified is a 403; a verification is used once', async () => {
    const user = await signUpUser(server, 'mail');
    const me = await meClient(user);
    const email = `once.${user.id}@example.com`;
    await expectError(await me.setPrimary(email), 403, 'user.verification_required');
    await me.send(email);
    await me.verify(email, (await mailedCode(email)).code);
    await expectError(await me.setPrimary(`other.${user.id}@example.com`), 403, 'user.verification_required');
    expect((await me.setPrimary(email)).status).toBe(200);
    await expectError(await me.setPrimary(email), 403, 'user.verification_required');
  });

  test('a wrong code is a 400 and counts a try; the right one still works afterwards', async () => {
    const user = await signUpUser(server, 'mail');
    const me = await meClient(user);
    const email = `wrong.${user.id}@example.com`;
    await me.send(email);
    const { code } = await mailedCode(email);
    await expectError(await me.verify(email, wrongCode(code)), 400, 'verification_code.code_mismatch');
    const [record] = await server.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    expect(record).toMatchObject({ email, type: 'Generic', consumed: false, tryCount: 1 });
    expect((await me.verify(email, code)).status).toBe(204);
    await expectError(await me.verify(email, code), 400, 'verification_code.not_found');
  });

  test(`after ${verificationCodeMaxTries} wrong codes even the right one is refused`, async () => {
    const user = await signUpUser(server, 'mail');
    const me = await meClient(user);
    const email = `tries.${user.id}@example.com`;
    await me.send(email);
    const { code } = await mailedCode(email);
    for (let attempt = 0; attempt < verificationCodeMaxTries; attempt += 1) {
      await expectError(await me.verify(email, wrongCode(code)), 400, 'verification_code.code_mismatch');
    }
    await expectError(await me.verify(email, code), 400, 'verification_code.exceed_max_try');
    await expectError(await me.setPrimary(email), 403, 'user.verification_required');
  });

  test('an expired code is refused', async () => {
    const user = await signUpUser(server, 'mail');
    const me = await meClient(user);
    const email = `expired.${user.id}@example.com`;
    await me.send(email);
    const { code } = await mailedCode(email);
    await server.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(verificationCodes.userId, user.id));
    await expectError(await me.verify(email, code), 400, 'verification_code.expired');
  });

  test('a new code replaces the earlier one; a code of another e-mail does not count', async () => {
    const user = await signUpUser(server, 'mail');
    const me = await meClient(user);
    const email = `twice.${user.id}@example.com`;
    await me.send(email);
    const first = (await mailedCode(email)).code;
    await me.send(email);
    const second = (await mailedCode(email)).code;
    if (first !== second) await expectError(await me.verify(email, first), 400, 'verification_code.code_mismatch');
    await expectError(await me.verify(`elsewhere.${user.id}@example.com`, second), 400, 'verification_code.not_found');
    expect((await me.verify(email, second)).status).toBe(204);
  });

  test('an e-mail of another account is a 422, when sending and when setting', async () => {
    const [user, other] = await Promise.all([signUpUser(server, 'mail'), signUpUser(server, 'owner')]);
    const me = await meClient(user);
    await expectError(await me.send(other.email.toUpperCase()), 422, 'user.email_already_in_use');
    // The other account takes the e-mail after this user verified it.
    const email = `contested.${user.id}@example.com`;
    await me.send(email);
    await me.verify(email, (await mailedCode(email)).code);
    const otherMe = await meClient(other);
    await otherMe.send(email);
    await otherMe.verify(email, (await mailedCode(email)).code);
    expect((await otherMe.setPrimary(email)).status).toBe(200);
    await expectError(await me.setPrimary(email), 422, 'user.email_already_in_use');
  });

  test(`at most ${maxCodesPerWindow} codes per 15 minutes`, async () => {
    const user = await signUpUser(server, 'mail');
    const me = await meClient(user);
    for (let index = 0; index < maxCodesPerWindow; index += 1) expect((await me.send(`n${index}.${user.id}@example.com`)).status).toBe(204);
    await expectError(await me.send(`late.${user.id}@example.com`), 429, 'verification_code.too_many_requests');
    expect(await readDevMailbox(server.devMailboxUrl, `late.${user.id}@example.com`)).toEqual([]);
  });

  const bad: [string, string, unknown][] = [
    ['/verification-codes', 'an invalid e-mail', { email: 'not an e-mail' }],
    ['/verification-codes', 'no e-mail', {}],
    ['/verification-codes/verify', 'a 5-digit code', { email: 'a@example.com', verificationCode: '12345' }],
    ['/verification-codes/verify', 'letters in the code', { email: 'a@example.com', verificationCode: '12a456' }],
    ['/verification-codes/verify', 'an unknown action', { email: 'a@example.com', verificationCode: '123456', action: 'other' }],
    ['/primary-email', 'an invalid e-mail', { email: 'x@y' }],
  ];
  test.each(bad)('%s with %s is a 400', async (path, _case, body) => {
    const user = await signUpUser(server, 'mail');
    const { token } = await meClient(user);
    const method = path === '/primary-email' ? 'PATCH' : 'POST';
    await expectError(await call(`${server.url}/me${path}`, token, method, body), 400, 'guard.invalid_input');
  });
});

describe('password change through the primary e-mail', () => {
  test('a code of the primary e-mail with action changePassword allows setting a password', async () => {
    const user = await signUpUser(server, 'forgot');
    const me = await meClient(user);
    await expectError(await me.verify(`not-mine.${user.id}@example.com`, '123456', 'changePassword'), 422, 'user.email_not_primary');
    await me.send(user.email);
    expect((await me.verify(user.email, (await mailedCode(user.email)).code, 'changePassword')).status).toBe(204);
    const rows = await server.db.select().from(verificationStatuses).where(eq(verificationStatuses.userId, user.id));
    expect(rows.map((row) => [row.kind, row.email])).toEqual([['password', null]]);
    expect((await call(`${server.url}/me/password`, me.token, 'POST', { password: 'Reset-by-mail-42' })).status).toBe(204);
    const session = await signIn(server.url, user.email, 'Reset-by-mail-42', { edition: 'cloud' });
    expect(session.refreshToken).toEqual(expect.any(String));
  });
});
