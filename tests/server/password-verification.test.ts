import { performance } from 'node:perf_hooks';
import { hash, verify } from '@node-rs/argon2';
import { hashSync } from 'bcryptjs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { planIds } from '#schemas/quota.ts';
import { checkSignInPassword, signInLimitKeys } from '#server/accounts/password-sign-in.ts';
import { createVerificationPool } from '#server/accounts/verification-pool.ts';
import { importedCostMax } from '#server/tenant/users/passwords.ts';
import { defaultSignInExperience } from '#server/pages/experience.ts';
import { tenantAccounts } from '#server/tenant/users/sign-in.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { call, signUpUser, startTestServer, type TestServer } from './support.ts';

let server: TestServer;
/** The tenant of an attacker, who imports users with the costliest digests allowed, and another tenant. */
let attacker: ManagementApi;
let other: ManagementApi;

beforeAll(async () => {
  server = await startTestServer('cloud');
  const admin = await signUpUser(server, 'verification');
  [attacker, other] = [await openTenant(server, admin, planIds.development), await openTenant(server, admin, planIds.development)];
});
afterAll(() => server?.close());

const createUser = async (api: ManagementApi, body: Record<string, unknown>) => {
  const response = await call(`${api.base}/users`, api.token, 'POST', body);
  expect(response.status).toBe(201);
};

const signIn = (api: ManagementApi, username: string, password: string) =>
  tenantAccounts(server.db, api.tenantId, defaultSignInExperience).signIn(username, password);

test('costly imported digests are verified off the server thread: another tenant signs in meanwhile, and the event loop stays free', async () => {
  const digest = hashSync('the right one', importedCostMax.bcryptCost);
  await createUser(attacker, { username: 'costly', passwordDigest: digest, passwordAlgorithm: 'Bcrypt' });
  await createUser(other, { username: 'ordinary', password: 'Tr0ub4dor&3-horse' });

  const since = performance.eventLoopUtilization();
  const slowFinished: number[] = [];
  const slow = Array.from({ length: 3 }, () => signIn(attacker, 'costly', 'wrong').finally(() => slowFinished.push(performance.now())));
  const ordinary = await signIn(other, 'ordinary', 'Tr0ub4dor&3-horse');
  const ordinaryFinished = performance.now();
  expect((await Promise.all(slow)).map((result) => result.ok)).toEqual([false, false, false]);
  const { utilization } = performance.eventLoopUtilization(since);

  expect(ordinary.ok).toBe(true);
  expect(ordinaryFinished).toBeLessThan(Math.max(...slowFinished));
  // Three bcrypt verifications at the cap computed on this thread would keep it busy nearly all the time.
  expect(utilization).toBeLessThan(0.5);
});

test("costly verifications wait per tenant, served in turn: one tenant's many do not hold up another's", async () => {
  const pool = createVerificationPool(1);
  const digest = hashSync('right', 8);
  const finished: string[] = [];
  const verifying = (queue: string, name: string) => pool.verify(digest, 'wrong', queue).then((matches) => (finished.push(name), matches));
  const all = [...['a1', 'a2', 'a3', 'a4'].map((name) => verifying('attacker', name)), verifying('other', 'b1')];
  expect(await Promise.all(all)).toEqual([false, false, false, false, false]);
  // a1 ran at once; then the tenants' queues take turns.
  expect(finished).toEqual(['a1', 'a2', 'b1', 'a3', 'a4']);
  expect(await pool.verify(digest, 'right', 'other')).toBe(true);
});

test('the right password still verifies an imported bcrypt or costly argon2 digest', async () => {
  const argon2 = await hash('argon2 right', { memoryCost: importedCostMax.argon2MemoryKib, timeCost: 1, parallelism: 2 });
  await createUser(attacker, { username: 'imported_argon2', passwordDigest: argon2, passwordAlgorithm: 'Argon2id' });
  await createUser(attacker, { username: 'imported_bcrypt', passwordDigest: hashSync('bcrypt right', 4), passwordAlgorithm: 'Bcrypt' });
  expect((await signIn(attacker, 'imported_argon2', 'argon2 wrong')).ok).toBe(false);
  expect((await signIn(attacker, 'imported_argon2', 'argon2 right')).ok).toBe(true);
  expect((await signIn(attacker, 'imported_bcrypt', 'bcrypt right')).ok).toBe(true);
});

test('a wrong password for an imported digest that verifies at once (SHA-256) is answered no sooner than an argon2 verification', async () => {
  const own = await hash('anything');
  const argon2Times: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    await verify(own, 'wrong');
    argon2Times.push(performance.now() - started);
  }
  const waits: number[] = [];
  for (let run = 0; run < 3; run += 1) {
    let verified = 0;
    const account = { id: 'imported', passwordHash: 'digest', verify: async () => ((verified = performance.now()), false) };
    expect(await checkSignInPassword(server.db, signInLimitKeys('test:timing'), account, 'imported', 'wrong')).toBe('invalid');
    waits.push(performance.now() - verified);
  }
  // The answer waits for the decoy argon2 verification that ran beside the digest's. Without it each wait is about
  // nothing; with it at least one of three, on a machine whose load varies, takes half the fastest verification.
  expect(Math.max(...waits)).toBeGreaterThan(Math.min(...argon2Times) / 2);
});
