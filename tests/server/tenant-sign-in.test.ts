import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { maxSignInFailures } from '#server/accounts/rate-limit.ts';
import { users as tenantUsers, usersRoles } from '#server/db/idp.ts';
import { signInFailures, users } from '#server/db/schema.ts';
import { defaultSignInExperience } from '#server/pages/experience.ts';
import { tenantAccounts } from '#server/tenant/users/sign-in.ts';
import { authorize, decodeJwt, type AuthorizationClient } from '../support/oidc-client.ts';
import { verifyWithJwks } from './tenant-runtime-support.ts';
import { newAccount, type TestServer, type TestUser } from './support.ts';
import { indicator, signInRequests, startSignInServer, t, textOf } from './tenant-sign-in-support.ts';

let server: TestServer;
let tenantId: string;
let client: AuthorizationClient;
let defaultRoleId: string;
let otherRoleId: string;
let owner: TestUser;

beforeAll(async () => ({ server, owner, client, tenantId, defaultRoleId, otherRoleId } = await startSignInServer()));
afterAll(() => server?.close());

const { tenantWithSpa, register, signIn, findTenantUser, resourceToken } = signInRequests(() => server, () => owner, () => client, () => tenantId);

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
    const withName = await register({ ...account, password: `${account.username}-1` });
    // The random part of the username may hold a sequence too, whose message then follows.
    expect(textOf(withName.result.html, 'password-error')).toContain(t.password['restricted.user_info']);
    await register(account);
    const again = await register({ ...account, email: '' });
    expect(again.result.response.status).toBe(422);
    expect(textOf(again.result.html, 'username-error')).toBe(t.usernameTaken);
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
