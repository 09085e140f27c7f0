import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { tenantVerificationCodes } from '#server/db/idp.ts';
import { checkCode, maxCodesPerClient, maxCodesPerIdentifier, sendCode } from '#server/tenant/verification-codes/domain.ts';
import type { CodeKey } from '#server/tenant/verification-codes/store.ts';
import { createTenant } from './billing-support.ts';
import { signUpUser, startTestServer, type TestServer } from './support.ts';

let server: TestServer;
let tenantId: string;
let otherTenantId: string;
const secret = randomBytes(32);
let counter = 0;

beforeAll(async () => {
  server = await startTestServer('cloud');
  const owner = await signUpUser(server, 'codes');
  tenantId = (await createTenant(server, owner, { name: 'Codes' })).id;
  otherTenantId = (await createTenant(server, owner, { name: 'Other' })).id;
});
afterAll(() => server?.close());

const keyOf = (patch: Partial<CodeKey & { client: string }> = {}): CodeKey & { client: string } => {
  counter += 1;
  return { interactionId: `i${counter}`, usage: 'SignIn', identifierKind: 'email', identifier: `user${counter}@example.com`, client: `10.0.0.${counter}`, ...patch };
};
/** Sends a code through a connector at the edge of this test, which keeps what it was given. */
const send = async (key: CodeKey & { client: string }) => {
  const sent: string[] = [];
  const outcome = await sendCode(server.db, tenantId, secret, key, async (code) => {
    sent.push(code);
    return { ok: true, value: undefined };
  });
  return { outcome, code: sent[0] ?? '' };
};
const rowsOf = (key: CodeKey) =>
  server.db.select().from(tenantVerificationCodes).where(and(eq(tenantVerificationCodes.tenantId, tenantId), eq(tenantVerificationCodes.identifier, key.identifier)));
const age = (key: CodeKey, ms: number) =>
  server.db
    .update(tenantVerificationCodes)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(and(eq(tenantVerificationCodes.tenantId, tenantId), eq(tenantVerificationCodes.identifier, key.identifier)));
const wrong = (code: string) => (code === '123456' ? '654321' : '123456');

describe('verification codes (spec 02 §3, §9)', () => {
  test('six digits, stored as an HMAC only: the row holds no code, and another tenant cannot use it', async () => {
    const key = keyOf();
    const { outcome, code } = await send(key);
    expect(outcome.ok).toBe(true);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await rowsOf(key);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(await checkCode(server.db, otherTenantId, secret, key, code)).toBe('not_found');
    expect(await checkCode(server.db, tenantId, randomBytes(32), key, code)).toBe('code_mismatch');
    expect(await checkCode(server.db, tenantId, secret, key, code)).toBe('ok');
  });

  test('a used code cannot be used again', async () => {
    const key = keyOf();
    const { code } = await send(key);
    expect(await checkCode(server.db, tenantId, secret, key, code)).toBe('ok');
    expect(await checkCode(server.db, tenantId, secret, key, code)).toBe('not_found');
  });

  test('a code expires after ten minutes', async () => {
    const key = keyOf();
    const { code } = await send(key);
    await server.db.update(tenantVerificationCodes).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(tenantVerificationCodes.identifier, key.identifier));
    expect(await checkCode(server.db, tenantId, secret, key, code)).toBe('expired');
  });

  test('five wrong tries, then even the right code is refused', async () => {
    const key = keyOf();
    const { code } = await send(key);
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await checkCode(server.db, tenantId, secret, key, wrong(code))).toBe('code_mismatch');
    expect((await rowsOf(key))[0]?.tryCount).toBe(5);
    expect(await checkCode(server.db, tenantId, secret, key, code)).toBe('exceed_max_try');
  });

  test('sent again only after 60 s; the new code voids the old one', async () => {
    const key = keyOf();
    const first = await send(key);
    const again = await send(key);
    expect(again.outcome).toEqual({ ok: false, reason: 'resend_too_soon', sentAt: first.outcome.ok ? first.outcome.sentAt : 0 });
    expect(again.code).toBe('');
    await age(key, 59_000);
    expect((await send(key)).outcome.ok).toBe(false);
    await age(key, 61_000);
    const second = await send(key);
    expect(second.outcome.ok).toBe(true);
    expect((await rowsOf(key)).map((row) => row.consumed).sort()).toEqual([false, true]);
    if (first.code !== second.code) expect(await checkCode(server.db, tenantId, secret, key, first.code)).toBe('code_mismatch');
    expect(await checkCode(server.db, tenantId, secret, key, second.code)).toBe('ok');
  });

  test('at most 5 codes per identifier and 10 per client in 15 minutes', async () => {
    const identifier = keyOf().identifier;
    for (let index = 0; index < maxCodesPerIdentifier; index += 1) expect((await send(keyOf({ identifier }))).outcome.ok).toBe(true);
    expect((await send(keyOf({ identifier }))).outcome).toEqual({ ok: false, reason: 'too_many_requests' });
    const client = '192.0.2.7';
    for (let index = 0; index < maxCodesPerClient; index += 1) expect((await send(keyOf({ client }))).outcome.ok).toBe(true);
    expect((await send(keyOf({ client }))).outcome).toEqual({ ok: false, reason: 'too_many_requests' });
  });

  test("a connector's failure voids the code and answers its error", async () => {
    const key = keyOf();
    const outcome = await sendCode(server.db, tenantId, secret, key, async () => ({ ok: false, error: { code: 'template_not_found', message: 'No SignIn template.' } }));
    expect(outcome).toEqual({ ok: false, reason: 'send_failed', error: { code: 'template_not_found', message: 'No SignIn template.' } });
    expect((await rowsOf(key))[0]?.consumed).toBe(true);
  });
});
