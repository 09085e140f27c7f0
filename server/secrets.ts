import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token for a URL or a header: 32 bytes, base64url. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** Compares a given secret with the expected one in constant time (the length aside). */
export const sameSecret = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};

/** How a high-entropy secret (an application's client secret) is stored: its SHA-256, in hex. */
export const secretHash = (value: string) => createHash('sha256').update(value).digest('hex');

/** Whether `presented` is the secret of one of the stored `hashes` (each compared in constant time). */
export const matchesSecretHash = (hashes: readonly string[], presented: string) => {
  const hash = Buffer.from(secretHash(presented), 'hex');
  return hashes.reduce((found, stored) => timingSafeEqual(Buffer.from(stored, 'hex'), hash) || found, false);
};
