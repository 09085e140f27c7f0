import { randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token for a URL or a header: 32 bytes, base64url. */
export const newSecret = () => randomBytes(32).toString('base64url');

/** Compares a given secret with the expected one in constant time (the length aside). */
export const sameSecret = (given: string, expected: string) => {
  const [a, b] = [Buffer.from(given), Buffer.from(expected)];
  return a.length === b.length && timingSafeEqual(a, b);
};
