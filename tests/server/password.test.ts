import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { passwordRejectedDetailsGuard } from '#schemas/profile.ts';
import { maxSignInFailures } from '#server/accounts/rate-limit.ts';
import { oidcModels, users, verificationStatuses } from '#server/db/schema.ts';
import { signIn } from '../support/oidc-client.ts';
import { call, expectError, newAccount, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('cloud');
});
afterAll(() => server?.close());

const oldPassword = newAccount().password;

const meClient = async (user: TestUser) => {
  const token = await user.session.accessToken(resourceIndicators.me);
  return {
    verify: (password: string) => call(`${server.url}/me/password/verify`, token, 'POST', { password }),
    set: (password: string) => call(`${server.url}/me/password`, token, 'POST', { password }),
  };
};

const signsIn = (user: TestUser, password: string) =>
  signIn(server.url, user.email, password, { edition: 'cloud' }).then(
    () => true,
    () => false,
  );

describe('POST /me/password/verify and POST /me/password', () => {
  test('the current password, then a new one: the new one signs in, the old one no longer', async () => {
    const user = await signUpUser(server, 'pw');
    const me = await meClient(user);
    expect((await me.verify(oldPassword)).status).toBe(204);
    expect((await me.set('A-whole-new-Secret-7')).status).toBe(204);
    expect(await signsIn(user, 'A-whole-new-Secret-7')).toBe(true);
    expect(await signsIn(user, oldPassword)).toBe(false);
  });

  test('setting a password without a verification is a 403; a verification is used once', async () => {
    const user = await signUpUser(server, 'pw');
    const me = await meClient(user);
    await expectError(await me.set('Another-Secret-8'), 403, 'user.verification_required');
    expect((await me.verify(oldPassword)).status).toBe(204);
    expect((await me.set('Another-Secret-8')).status).toBe(204);
    await expectError(await me.set('Yet-Another-Secret-9'), 403, 'user.verification_required');
  });

  test('a verification older than 10 minutes no longer counts', async () => {
    const user = await signUpUser(server, 'pw');
    const me = await meClient(user);
    expect((await me.verify(oldPassword)).status).toBe(204);
    await server.db
      .update(verificationStatuses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationStatuses.userId, user.id));
    await expectError(await me.set('Another-Secret-8'), 403, 'user.verification_required');
  });

  test("changing the password ends the user's other sign-ins; the one that changed it goes on", async () => {
    const user = await signUpUser(server, 'pw');
    const other = await signIn(server.url, user.email, oldPassword, { edition: 'cloud' });
    expect((await other.refresh()).status).toBe(200);
    const browserSessions = async () =>
      (await server.db.select({ payload: oidcModels.payload }).from(oidcModels).where(eq(oidcModels.model, 'Session')))
        .filter(({ payload }) => (payload as { accountId?: string }).accountId === user.id).length;
    expect(await browserSessions()).toBe(2);

    const me = await meClient(user);
    expect((await me.verify(oldPassword)).status).toBe(204);
    expect((await me.set('A-whole-new-Secret-7')).status).toBe(204);
    const refused = await other.refresh();
    expect(refused).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect((await user.session.refresh({ resource: resourceIndicators.me })).status).toBe(200);
    expect(await browserSessions()).toBe(1);
  });

  test('a user without a password sets one without verifying', async () => {
    const user = await signUpUser(server, 'pw');
    await server.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    const me = await meClient(user);
    expect((await me.set('First-Secret-of-mine-1')).status).toBe(204);
    expect(await signsIn(user, 'First-Secret-of-mine-1')).toBe(true);
  });

  const rejected: [string, (username: string) => string, string[]][] = [
    ['too short', () => 'Ab-1', ['too_short']],
    ['too long', () => `Ab-1${'x'.repeat(300)}`, ['too_long']],
    ['unsupported characters', () => 'Passwört-mit-Umlaut-1', ['unsupported_characters']],
    ['a sequence', () => 'abcdefgh', ['restricted.sequence']],
    ['repetition', () => 'aaaaaaaa', ['restricted.repetition']],
    ['mostly the username', (username) => `${username}-1`, ['restricted.user_info']],
  ];
  test.each(rejected)('a password with %s is a 422 with the policy codes, and keeps the verification', async (name, password, codes) => {
    const user = await signUpUser(server, 'pw');
    const username = (await server.db.select().from(users).where(eq(users.id, user.id)))[0]!.username!;
    const me = await meClient(user);
    expect((await me.verify(oldPassword)).status).toBe(204);
    const body = await expectError(await me.set(password(username)), 422, 'password.rejected');
    // A random username may also hold a sequence (…012…), which then counts too.
    const details = passwordRejectedDetailsGuard.parse(body.details);
    expect(details.codes).toEqual(name === 'mostly the username' ? expect.arrayContaining(codes) : codes);
    expect(details.issues?.map((issue) => issue.code)).toEqual(details.codes);
    expect((await me.set('Still-a-good-one-5')).status).toBe(204);
  });

  test('a wrong current password is a 422; after 5 wrong ones even the right one is refused for a while', async () => {
    const user = await signUpUser(server, 'pw');
    const me = await meClient(user);
    for (let attempt = 0; attempt < maxSignInFailures; attempt += 1) {
      await expectError(await me.verify('Wrong-Password-0'), 422, 'user.invalid_password');
    }
    await expectError(await me.verify(oldPassword), 429, 'user.too_many_attempts');
    await expectError(await me.set('Another-Secret-8'), 403, 'user.verification_required');
    expect(await signsIn(user, oldPassword)).toBe(true);
  });

  const bad: [string, string, unknown][] = [
    ['verify', 'an empty password', { password: '' }],
    ['verify', 'no password', {}],
    ['verify', 'an unknown field', { password: 'x', other: 1 }],
    ['set', 'a wrong type', { password: 12345678 }],
    ['set', 'malformed JSON', '{"password":'],
  ];
  test.each(bad)('%s with %s is a 400', async (route, _case, body) => {
    const user = await signUpUser(server, 'pw');
    const token = await user.session.accessToken(resourceIndicators.me);
    const path = route === 'verify' ? '/me/password/verify' : '/me/password';
    const { code } = await expectError(await call(`${server.url}${path}`, token, 'POST', body), 400, typeof body === 'string' ? 'guard.invalid_json' : 'guard.invalid_input');
    expect(code).toMatch(/^guard\./);
  });

  test('both need a Me-API token', async () => {
    await expectError(await call(`${server.url}/me/password/verify`, undefined, 'POST', { password: 'x' }), 401, 'auth.authorization_header_missing');
    await expectError(await call(`${server.url}/me/password`, 'nonsense', 'POST', { password: 'x' }), 401, 'auth.unauthorized');
  });
});
