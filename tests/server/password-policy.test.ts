import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { defaultPasswordPolicy, type PasswordPolicy } from '#schemas/password-policy.ts';
import { planIds } from '#schemas/quota.ts';
import { defaultSignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { defaultBreachedPasswordsUrl, loadConfig } from '#server/config.ts';
import { isBreachedPassword } from '#server/passwords/breached.ts';
import { writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { startBreachedRange, type BreachedRange } from '../support/breached-range.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { userRequests } from './management-users-support.ts';
import { call, expectError, newAccount, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

const listed = 'P@ssw0rd12345';
let range: BreachedRange;
let server: TestServer;
let admin: TestUser;
let api: ManagementApi;

beforeAll(async () => {
  range = await startBreachedRange([listed, 'Another-Listed-1']);
  server = await startTestServer('cloud', { BREACHED_PASSWORDS_URL: range.url });
  admin = await signUpUser(server, 'policy');
  api = await openTenant(server, admin, planIds.development);
});
afterAll(async () => {
  await server?.close();
  await range?.stop();
});

const { request, created, rowOf } = userRequests(() => server, () => api);
const checkPassword = (body: Record<string, unknown>) => request('POST', '/sign-in-exp/default/check-password', body);
const policyWith = (changes: Partial<PasswordPolicy['length']> & { types?: number; words?: string[]; pwned?: boolean }): PasswordPolicy => ({
  length: { min: changes.min ?? 8, max: changes.max ?? 256 },
  characterTypes: { min: changes.types ?? 1 },
  rejects: { ...defaultPasswordPolicy.rejects, words: changes.words ?? [], pwned: changes.pwned ?? true },
});
const saveTenantPolicy = (passwordPolicy: PasswordPolicy) =>
  writeSignInExperience(server.db, api.tenantId, { ...defaultSignInExperienceSettings('cloud'), passwordPolicy });

describe('POST /sign-in-exp/default/check-password', () => {
  test('answers 200 { result: true } for a password the policy accepts', async () => {
    const response = await checkPassword({ password: 'Tr4il-Mossy-Kettle' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: true });
  });

  const cases: [string, Record<string, unknown>, unknown[]][] = [
    ['too_short', { password: 'Ab1!kqz' }, [{ code: 'too_short', interpolation: { min: 8 } }]],
    ['too_long', { password: 'Kettle-Moss-9', policy: policyWith({ max: 10 }) }, [{ code: 'too_long', interpolation: { max: 10 } }]],
    ['unsupported_characters', { password: 'Pässwörter-1' }, [{ code: 'unsupported_characters' }]],
    ['character_types', { password: 'onlyletters', policy: policyWith({ types: 3 }) }, [{ code: 'character_types', interpolation: { min: 3 } }]],
    ['pwned', { password: listed }, [{ code: 'pwned' }]],
    ['restricted.repetition', { password: 'aaaaaaXy' }, [{ code: 'restricted.repetition' }]],
    ['restricted.sequence', { password: '1qaz2wsx' }, [{ code: 'restricted.sequence' }]],
    ['restricted.words', { password: 'GateHouse1', policy: policyWith({ words: ['gatehouse'] }) }, [{ code: 'restricted.words' }]],
    ['restricted.user_info', { password: 'AliceAlice9', userInfo: { username: 'alice' } }, [{ code: 'restricted.user_info' }]],
  ];
  test.each(cases)('answers 400 with %s', async (_code, body, issues) => {
    const response = await checkPassword(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ result: false, issues });
  });

  test('checks the user info of userId, with userInfo over it; without either the rule finds nothing', async () => {
    const user = await created({ username: 'kettlemoss', name: 'Ann Lee', password: 'Tr4il-Mossy-Kettle' });
    expect((await checkPassword({ password: 'KettleMoss!7' })).status).toBe(200);
    const byUser = await checkPassword({ password: 'KettleMoss!7', userId: user.id });
    expect(await byUser.json()).toEqual({ result: false, issues: [{ code: 'restricted.user_info' }] });
    expect((await checkPassword({ password: 'AnnLee!7', userId: user.id })).status).toBe(400);
    expect((await checkPassword({ password: 'AnnLee!7', userId: user.id, userInfo: { name: 'Bo Kim' } })).status).toBe(200);
    await expectError(await checkPassword({ password: 'KettleMoss!7', userId: 'nobody' }), 404, 'entity.not_exists_with_id');
  });

  test("uses the tenant's saved policy unless the body gives a draft; an invalid draft is 400 guard.invalid_input", async () => {
    await saveTenantPolicy(policyWith({ min: 12, types: 3 }));
    try {
      const saved = await checkPassword({ password: 'kettle-moss' });
      expect(await saved.json()).toEqual({ result: false, issues: [{ code: 'too_short', interpolation: { min: 12 } }, { code: 'character_types', interpolation: { min: 3 } }] });
      expect((await checkPassword({ password: 'kettle-moss', policy: policyWith({}) })).status).toBe(200);
      await expectError(await checkPassword({ password: 'kettle-moss', policy: policyWith({ min: 20, max: 10 }) }), 400, 'guard.invalid_input');
      await expectError(await checkPassword({ password: 'kettle-moss', userInfo: { nickname: 'x' } }), 400, 'guard.invalid_input');
    } finally {
      await saveTenantPolicy(defaultPasswordPolicy);
    }
  });

  test('asks the range service only when the policy rejects breached passwords and every other rule passed', async () => {
    const asked = range.asked.length;
    expect((await checkPassword({ password: listed, policy: policyWith({ pwned: false }) })).status).toBe(200);
    expect((await checkPassword({ password: 'aaaaaaaa' })).status).toBe(400);
    expect(range.asked).toHaveLength(asked);
  });

  test('needs a management token of the tenant', async () => {
    const response = await call(`${api.base}/sign-in-exp/default/check-password`, undefined, 'POST', { password: 'Tr4il-Mossy-Kettle' });
    expect(response.status).toBe(401);
  });
});

describe("the management API sets passwords under the tenant's own policy", () => {
  test('create and set-password refuse what the saved policy refuses, breached passwords included, and change nothing', async () => {
    await saveTenantPolicy(policyWith({ min: 12, types: 3, words: ['gatehouse'] }));
    try {
      const short = await expectError(await request('POST', '/users', { username: 'policy_short', password: 'Kettle-Moss' }), 422, 'password.rejected');
      expect(short.details).toEqual({ codes: ['too_short'], issues: [{ code: 'too_short', interpolation: { min: 12 } }] });
      const word = await expectError(await request('POST', '/users', { username: 'policy_word', password: 'Gatehouse#Gatehouse' }), 422, 'password.rejected');
      expect(word.details).toEqual({ codes: ['restricted.words'], issues: [{ code: 'restricted.words' }] });
      const breached = await expectError(await request('POST', '/users', { username: 'policy_pwned', password: listed }), 422, 'password.rejected');
      expect(breached.details).toEqual({ codes: ['pwned'], issues: [{ code: 'pwned' }] });

      const user = await created({ username: 'policy_ok', password: 'Tr4il-Mossy-Kettle' });
      const stored = (await rowOf(user.id))!.passwordEncrypted;
      await expectError(await request('PATCH', `/users/${user.id}/password`, { password: 'Kettle-Moss' }), 422, 'password.rejected');
      const pwned = await expectError(await request('PATCH', `/users/${user.id}/password`, { password: 'Another-Listed-1' }), 422, 'password.rejected');
      expect(pwned.details).toMatchObject({ codes: ['pwned'] });
      expect((await rowOf(user.id))!.passwordEncrypted).toBe(stored);
      expect((await request('PATCH', `/users/${user.id}/password`, { password: 'Tr4il-Mossy-Kettle-2' })).status).toBe(200);
      expect((await rowOf(user.id))!.passwordEncrypted).not.toBe(stored);
    } finally {
      await saveTenantPolicy(defaultPasswordPolicy);
    }
  });

  test('a generated password meets the saved policy without a lookup', async () => {
    await saveTenantPolicy(policyWith({ min: 20, types: 4 }));
    try {
      const asked = range.asked.length;
      const user = await created({ username: 'policy_generated' });
      expect(user.password).toHaveLength(20);
      const response = await request('POST', `/users/${user.id}/password/generate`);
      expect(response.status).toBe(200);
      expect(range.asked).toHaveLength(asked);
    } finally {
      await saveTenantPolicy(defaultPasswordPolicy);
    }
  });
});

describe('the Me API: a console account under the default policy', () => {
  test('a breached password is a 422 with pwned', async () => {
    const token = await admin.session.accessToken(resourceIndicators.me);
    expect((await call(`${server.url}/me/password/verify`, token, 'POST', { password: newAccount().password })).status).toBe(204);
    const body = await expectError(await call(`${server.url}/me/password`, token, 'POST', { password: listed }), 422, 'password.rejected');
    expect(body.details).toEqual({ codes: ['pwned'], issues: [{ code: 'pwned' }] });
  });
});

describe('the breached-password range lookup (spec 02 §7)', () => {
  test('sends only the first 5 hex digits of the SHA-1 and finds the password among the suffixes', async () => {
    const asked = range.asked.length;
    expect(await isBreachedPassword(range.url, listed)).toBe(true);
    expect(await isBreachedPassword(range.url, 'Tr4il-Mossy-Kettle')).toBe(false);
    const prefixOf = (password: string) => createHash('sha1').update(password).digest('hex').slice(0, 5).toUpperCase();
    expect(range.asked.slice(asked)).toEqual([prefixOf(listed), prefixOf('Tr4il-Mossy-Kettle')]);
  });

  test('the server setting: the public service by default, an http(s) URL otherwise', () => {
    expect(loadConfig({}).breachedPasswordsUrl).toBe(defaultBreachedPasswordsUrl);
    expect(loadConfig({ BREACHED_PASSWORDS_URL: 'http://127.0.0.1:9/range/' }).breachedPasswordsUrl).toBe('http://127.0.0.1:9/range');
    expect(() => loadConfig({ BREACHED_PASSWORDS_URL: 'ftp://example.com' })).toThrow(/BREACHED_PASSWORDS_URL/);
  });

  test('fails open when the service is slower than 2 s, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    range.delayMs = 2500;
    try {
      const started = Date.now();
      expect(await (await checkPassword({ password: listed })).json()).toEqual({ result: true });
      expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toMatch(/breached-password lookup .* failed \(no answer within 2 s\)/);
    } finally {
      range.delayMs = 0;
      warn.mockRestore();
    }
  });

  test('fails open when the service is down, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await range.stop();
    try {
      expect(await (await checkPassword({ password: listed })).json()).toEqual({ result: true });
      expect((await request('POST', '/users', { username: 'policy_offline', password: listed })).status).toBe(201);
      expect(warn).toHaveBeenCalledTimes(2);
      expect(String(warn.mock.calls[0]![0])).toMatch(/breached-password lookup .* failed \(ECONNREFUSED\)/);
    } finally {
      warn.mockRestore();
    }
  });
});
