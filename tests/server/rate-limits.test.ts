// PostgreSQL pass: concurrent sign-in posts take the counters' row locks on several connections
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { verificationCodeMaxTries } from '#schemas/profile.ts';
import { maxSignInFailures } from '#server/accounts/rate-limit.ts';
import { signInLimitKey } from '#server/accounts/console-accounts.ts';
import { maxUploadsPerHour } from '#server/assets/user-assets.ts';
import { signInFailures, userAssets } from '#server/db/schema.ts';
import { maxCodesPerWindow } from '#server/me/verification.ts';
import { decodeJwt, signUp, startAuthorization } from '../support/oidc-client.ts';
import { readDevMailbox } from '../support/server.ts';
import { call, newAccount, signUpUser, startTestServer, type TestServer } from './support.ts';

/** Runs on PGlite, and on PostgreSQL (several connections, so real concurrency) when DATABASE_URL is set. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('cloud');
});
afterAll(() => server?.close());

/** How many answers had each status, e.g. `{ 422: 5, 429: 25 }`. */
const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

const signInStatus = async (identifier: string, password: string) => {
  const pending = await startAuthorization(server.url, { edition: 'cloud' });
  const { response, session } = await pending.submit('sign-in', { identifier, password });
  return { status: response.status, session };
};

/** Sign-in forms posted at once: the interactions are opened first, so the posts really overlap. */
const signInAtOnce = async (identifier: string, passwords: string[]) => {
  const pendings = await Promise.all(passwords.map(() => startAuthorization(server.url, { edition: 'cloud' })));
  const results = await Promise.all(pendings.map((pending, index) => pending.submit('sign-in', { identifier, password: passwords[index]! })));
  return results.map(({ response }) => response.status);
};

const wrongPasswords = (count: number) => Array.from({ length: count }, (_, index) => `Wrong-${index}-password`);

describe('the sign-in limit', () => {
  test(`30 wrong passwords at once: at most ${maxSignInFailures} are checked, the rest are 429`, async () => {
    const account = newAccount('burst');
    await signUp(server.url, account, { edition: 'cloud' });
    expect(statusCounts(await signInAtOnce(account.username, wrongPasswords(30)))).toEqual({ 422: maxSignInFailures, 429: 30 - maxSignInFailures });
  });

  test('counts per account: after failures as the username, the e-mail in any case is blocked too', async () => {
    const account = newAccount('jack');
    await signUp(server.url, account, { edition: 'cloud' });
    for (const password of wrongPasswords(maxSignInFailures)) expect((await signInStatus(account.username, password)).status).toBe(422);
    for (const identifier of [account.email, account.email.toUpperCase(), ` ${account.username} `]) {
      expect((await signInStatus(identifier, account.password)).status, identifier).toBe(429);
    }
  });

  test('an identifier that matches no account is limited too, in any case', async () => {
    const nobody = `nobody_${newAccount().username}@example.com`;
    for (const password of wrongPasswords(maxSignInFailures)) expect((await signInStatus(nobody, password)).status).toBe(422);
    expect((await signInStatus(nobody.toUpperCase(), 'Whatever-123')).status).toBe(429);
  });

  test('a correct password under the limit signs in and gives its reservation back, with the earlier failures', async () => {
    const account = newAccount('kept');
    const session = await signUp(server.url, account, { edition: 'cloud' });
    const key = signInLimitKey(String(decodeJwt(session.initial.id_token!).sub));
    for (const password of wrongPasswords(maxSignInFailures - 1)) expect((await signInStatus(account.email, password)).status).toBe(422);
    expect(await server.db.select().from(signInFailures).where(eq(signInFailures.identifier, key))).toHaveLength(maxSignInFailures - 1);
    expect((await signInStatus(account.username, account.password)).session).toBeDefined();
    expect(await server.db.select().from(signInFailures).where(eq(signInFailures.identifier, key))).toEqual([]);
    expect(statusCounts(await signInAtOnce(account.email, wrongPasswords(maxSignInFailures + 1)))).toEqual({ 422: maxSignInFailures, 429: 1 });
  });
});

describe('the other limits hold under concurrency', () => {
  test(`20 wrong passwords at once to POST /me/password/verify: at most ${maxSignInFailures} are checked`, async () => {
    const user = await signUpUser(server, 'verify');
    const token = await user.session.accessToken(resourceIndicators.me);
    const responses = await Promise.all(wrongPasswords(20).map((password) => call(`${server.url}/me/password/verify`, token, 'POST', { password })));
    expect(statusCounts(responses.map((response) => response.status))).toEqual({ 422: maxSignInFailures, 429: 20 - maxSignInFailures });
  });

  test(`${maxCodesPerWindow * 2} verification codes asked at once: ${maxCodesPerWindow} are sent`, async () => {
    const user = await signUpUser(server, 'codes');
    const token = await user.session.accessToken(resourceIndicators.me);
    const responses = await Promise.all(
      Array.from({ length: maxCodesPerWindow * 2 }, (_, index) =>
        call(`${server.url}/me/verification-codes`, token, 'POST', { email: `burst${index}.${user.id}@example.com` }),
      ),
    );
    expect(statusCounts(responses.map((response) => response.status))).toEqual({ 204: maxCodesPerWindow, 429: maxCodesPerWindow });
  });

  test(`wrong codes at once: ${verificationCodeMaxTries} are checked against the code, the rest find it used up`, async () => {
    const user = await signUpUser(server, 'tries');
    const token = await user.session.accessToken(resourceIndicators.me);
    const email = `tries.${user.id}@example.com`;
    expect((await call(`${server.url}/me/verification-codes`, token, 'POST', { email })).status).toBe(204);
    const [mail] = await readDevMailbox(server.devMailboxUrl, email);
    const code = Number(/\b(\d{6})\b/.exec(mail!.text)![1]);
    const wrong = Array.from({ length: verificationCodeMaxTries * 2 }, (_, index) => String((code + index + 1) % 1_000_000).padStart(6, '0'));
    const responses = await Promise.all(
      wrong.map((verificationCode) => call(`${server.url}/me/verification-codes/verify`, token, 'POST', { email, verificationCode })),
    );
    const codes = await Promise.all(responses.map(async (response) => ((await response.json()) as { code: string }).code));
    expect(statusCounts(responses.map((response) => response.status))).toEqual({ 400: wrong.length });
    expect(codes.filter((one) => one === 'verification_code.code_mismatch')).toHaveLength(verificationCodeMaxTries);
  });

  test(`uploads at once past ${maxUploadsPerHour} an hour: only the ones under the limit are stored`, async () => {
    const user = await signUpUser(server, 'uploads');
    const token = await user.session.accessToken(resourceIndicators.me);
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
    const seeded = maxUploadsPerHour - 2;
    await server.db.insert(userAssets).values(
      Array.from({ length: seeded }, (_, index) => ({
        id: `burst${user.id}${String(index).padStart(4, '0')}`,
        userId: user.id,
        contentType: 'image/png',
        size: png.length,
        data: png,
      })),
    );
    const upload = () => {
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), 'a.png');
      return fetch(`${server.url}/me/user-assets`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    };
    const responses = await Promise.all(Array.from({ length: 6 }, upload));
    expect(statusCounts(responses.map((response) => response.status))).toEqual({ 201: 2, 429: 4 });
    expect(await server.db.select({ id: userAssets.id }).from(userAssets).where(eq(userAssets.userId, user.id))).toHaveLength(maxUploadsPerHour);
  });
});
