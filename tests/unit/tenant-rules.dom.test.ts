// @vitest-environment node
import { describe, expect, test } from 'vitest';
import { answered, HttpError } from '#server/api/errors.ts';
import { metadataFits, secretExpiryOf, thirdPartyFits } from '#server/tenant/applications/domain.ts';
import { logWindowOf } from '#server/tenant/logs/domain.ts';
import { found, idsOf, notExists } from '#server/tenant/refusals.ts';
import { indicatorAllowed } from '#server/tenant/resources/domain.ts';
import { defaultFits } from '#server/tenant/roles/domain.ts';
import { factorRemoved, identifierGiven, passwordSourceOf } from '#server/tenant/users/domain.ts';
import type { UserRow } from '#server/tenant/users/store.ts';
import { fieldRefused } from '#server/result.ts';

/** The tenant's domain rules answer refusals (server/tenant/<entity>/domain.ts); the routes' answers are in tests/server. */

const thrown = (answer: () => unknown) => {
  try {
    answer();
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('nothing thrown');
};

describe('the shared refusals', () => {
  test('idsOf refuses the first id the tenant has not, then the first its rule refuses, and answers the ids once each', () => {
    const rows = [{ id: 'a', kind: 'x' }, { id: 'b', kind: 'y' }];
    const kindX = (row: { kind: string }) => (row.kind === 'x' ? undefined : ({ ok: false, reason: 'role.name_in_use' } as const));
    expect(idsOf(['a', 'a'], rows, kindX)).toEqual({ ok: true, value: ['a'] });
    expect(idsOf(['a', 'c', 'b'], rows, kindX)).toEqual(notExists('c'));
    expect(idsOf(['b', 'c'], rows, kindX)).toEqual({ ok: false, reason: 'role.name_in_use' });
  });

  test('found refuses nothing and a removal that removed nothing, naming the id', () => {
    expect(found(undefined, 'x')).toEqual({ ok: false, reason: 'entity.not_exists_with_id', id: 'x' });
    expect(found(false, 'x')).toEqual({ ok: false, reason: 'entity.not_exists_with_id', id: 'x' });
    expect(found(true, 'x')).toEqual({ ok: true, value: true });
  });

  test('answered turns a refused field into guard.invalid_input naming it, and any other refusal into its code with its message and details', () => {
    const field = thrown(() => answered(fieldRefused('expiresAt', 'Must be in the future.'), {}));
    expect([field.code, field.status, field.message, field.details]).toEqual([
      'guard.invalid_input',
      400,
      'The request body is invalid.',
      [{ path: 'expiresAt', code: 'custom', message: 'Must be in the future.' }],
    ]);
    const refusal = { ok: false, reason: 'password.rejected', details: { codes: ['min_length'] } } as const;
    const rejected = thrown(() => answered<never, typeof refusal>(refusal, { 'password.rejected': 'Rejected.' }));
    expect([rejected.code, rejected.status, rejected.message, rejected.details]).toEqual(['password.rejected', 422, 'Rejected.', { codes: ['min_length'] }]);
    const missing = thrown(() => answered(notExists('r1'), { 'entity.not_exists_with_id': ({ id }) => `No ${id}.` }));
    expect([missing.status, missing.message]).toEqual([404, 'No r1.']);
  });
});

describe('the entities’ rules', () => {
  test('a reserved indicator is refused whatever its case; a default role is a user role', () => {
    expect(indicatorAllowed('URN:Gatehouse:api:x').ok).toBe(false);
    expect(indicatorAllowed('https://api.example.test').ok).toBe(true);
    expect(defaultFits('MachineToMachine', true)).toEqual({ ok: false, reason: 'role.default_role_must_be_user_role' });
    expect(defaultFits('MachineToMachine', undefined).ok).toBe(true);
    expect(defaultFits('User', true).ok).toBe(true);
  });

  test("an application's type decides whether it is third party and skips PKCE; a secret expires in the future or never", () => {
    expect(thirdPartyFits({ type: 'MachineToMachine', isThirdParty: true })).toEqual({ ok: false, reason: 'application.invalid_third_party_application_type' });
    expect(thirdPartyFits({ type: 'SPA', isThirdParty: true }).ok).toBe(true);
    expect(metadataFits('SPA', { customClientMetadata: { requirePkce: false } })).toMatchObject({ reason: 'guard.invalid_input', field: 'customClientMetadata.requirePkce' });
    expect(metadataFits('Traditional', { customClientMetadata: { requirePkce: false } }).ok).toBe(true);
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(secretExpiryOf('2030-01-01T00:00:00Z', now)).toMatchObject({ ok: false, field: 'expiresAt' });
    expect(secretExpiryOf('2030-01-02T00:00:00Z', now)).toEqual({ ok: true, value: new Date('2030-01-02T00:00:00Z') });
    expect(secretExpiryOf(null, now)).toEqual({ ok: true, value: null });
  });

  test('an audit log window may not start after it ends, and ends before the millisecond after end_time', () => {
    expect(logWindowOf(2, 1)).toEqual({ ok: false, reason: 'log.invalid_time_window' });
    expect(logWindowOf(1, 1)).toEqual({ ok: true, value: { startTime: new Date(1), endBefore: new Date(2) } });
    expect(logWindowOf(undefined, undefined)).toEqual({ ok: true, value: { startTime: undefined, endBefore: undefined } });
  });

  test("a new user has an identifier, and a password, a digest with its algorithm, or neither", () => {
    expect(identifierGiven({ primaryPhone: '15550001111' }).ok).toBe(true);
    expect(identifierGiven({ username: '' })).toEqual({ ok: false, reason: 'user.missing_identifier' });
    const sha1 = 'a9993e364706816aba3e25717850c26c9cd0d89d';
    expect(passwordSourceOf({ password: 'x', passwordDigest: sha1 })).toEqual({ ok: false, reason: 'user.password_and_digest' });
    expect(passwordSourceOf({ passwordDigest: sha1 })).toEqual({ ok: false, reason: 'user.password_algorithm_required' });
    expect(passwordSourceOf({ passwordAlgorithm: 'SHA1' })).toMatchObject({ ok: false, field: 'passwordDigest' });
    expect(passwordSourceOf({ passwordDigest: sha1.toUpperCase(), passwordAlgorithm: 'SHA1' })).toEqual({
      ok: true,
      value: { imported: { passwordEncrypted: sha1, passwordEncryptionMethod: 'SHA1' } },
    });
    expect(passwordSourceOf({})).toEqual({ ok: true, value: { password: undefined } });
  });

  test("removing a user's last authenticator app takes the backup codes with it; an unknown factor is refused", () => {
    const factor = (id: string, type: string) => ({ id, type, createdAt: '2030-01-01T00:00:00Z' });
    const user = { mfaVerifications: [factor('t', 'Totp'), factor('b', 'BackupCode'), factor('w', 'WebAuthn')] } as unknown as UserRow;
    expect(factorRemoved(user, 't')).toMatchObject({ ok: true, value: { kept: [factor('b', 'BackupCode'), factor('w', 'WebAuthn')] } });
    const lastApp = { mfaVerifications: [factor('t', 'Totp'), factor('b', 'BackupCode')] } as unknown as UserRow;
    expect(factorRemoved(lastApp, 't')).toMatchObject({ ok: true, value: { kept: [] } });
    expect(factorRemoved(user, 'x')).toEqual(notExists('x'));
  });
});
