import { describe, expect, test } from 'vitest';
import type { KeyRow } from '#server/tenant-runtime/store.ts';
import { duePromotions, effectiveRows, keystoreOrder, nextActivation, primaryAlgorithm } from '#server/tenant/signing-keys/model.ts';

const at = (seconds: number) => new Date(seconds * 1000);
const key = (id: string, alg: 'ES256' | 'RS256', status: KeyRow['status'], activatesAt: Date | null = null): KeyRow => ({
  tenantId: 't',
  id,
  kind: 'signing',
  alg,
  privateKey: { kid: id, alg },
  status,
  activatesAt,
  createdAt: at(0),
  tokensSigned: 0,
  lastTokenExpiresAt: null,
});

describe('the lanes of a tenant\'s private keys (server/tenant/signing-keys/model.ts)', () => {
  const ec = key('ec', 'ES256', 'current');
  const rsa = key('rsa', 'RS256', 'current');
  const oldRsa = key('rsa0', 'RS256', 'previous');
  const nextRsa = key('rsa2', 'RS256', 'next', at(100));

  test('a next key is due at its time, not before, and takes its own lane only', () => {
    const rows = [ec, rsa, oldRsa, nextRsa];
    expect(duePromotions(rows, 99_999)).toEqual([]);
    expect(duePromotions(rows, 100_000)).toEqual([{ promoted: nextRsa, retired: rsa, dropped: oldRsa }]);
    expect(effectiveRows(rows, 100_000).map((row) => [row.id, row.status])).toEqual([
      ['ec', 'current'],
      ['rsa', 'previous'],
      ['rsa2', 'current'],
    ]);
    expect(nextActivation(rows)).toBe(100_000);
  });

  test('the primary lane is the one whose key became current last; keys never rotated leave ES256 primary', () => {
    expect(primaryAlgorithm([rsa, ec])).toBe('ES256');
    const promoted = effectiveRows([ec, rsa, nextRsa], 100_000);
    expect(primaryAlgorithm(promoted)).toBe('RS256');
    expect(primaryAlgorithm([...promoted.filter((row) => row.id !== 'ec'), key('ec2', 'ES256', 'current', at(200))])).toBe('ES256');
  });

  test('the keystore puts the primary current key first, then the other current ones, the next and the previous ones', () => {
    const promoted = effectiveRows([oldRsa, nextRsa, key('ec0', 'ES256', 'previous'), ec, rsa], 100_000);
    expect(keystoreOrder(promoted).map((row) => row.id)).toEqual(['rsa2', 'ec', 'rsa', 'ec0']);
    expect(keystoreOrder([key('ec3', 'ES256', 'next', at(5)), oldRsa, rsa, ec]).map((row) => row.id)).toEqual(['ec', 'rsa', 'ec3', 'rsa0']);
  });
});
