import type { CookieKey, PrivateKey } from '#schemas/signing-keys.ts';

const created = '2026-11-02T09:30:00.000Z';

/** A private key as the management API lists it; EC (ES256) and Current unless `patch` says otherwise. */
export const samplePrivateKey = (id: string, patch: Partial<PrivateKey> = {}): PrivateKey => ({
  id,
  createdAt: created,
  signingKeyAlgorithm: 'EC',
  jwsAlgorithm: 'ES256',
  status: 'Current',
  tokensSigned: 0,
  lastTokenExpiresAt: null,
  ...patch,
});

export const sampleCookieKey = (id: string, createdAt = created): CookieKey => ({ id, createdAt });

/** A tenant after a staged rotation to RSA: the EC and RSA keys that sign, the RSA key waiting, the EC key it replaced. */
export const rotatedKeys = (now = Date.now()): PrivateKey[] => [
  samplePrivateKey('k-ec-current', { tokensSigned: 1204 }),
  samplePrivateKey('k-rsa-current', { signingKeyAlgorithm: 'RSA', jwsAlgorithm: 'RS256', tokensSigned: 3 }),
  samplePrivateKey('k-rsa-next', { signingKeyAlgorithm: 'RSA', jwsAlgorithm: 'RS256', status: 'Next', effectiveAt: new Date(now + 3_723_000).toISOString() }),
  samplePrivateKey('k-ec-previous', { status: 'Previous', tokensSigned: 1, lastTokenExpiresAt: new Date(now + 1_800_000).toISOString() }),
];
