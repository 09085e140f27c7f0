import { createHash } from 'node:crypto';

/** How long the range lookup may take before the password is accepted without it. */
export const breachedLookupTimeoutMs = 2000;

const failureOf = (error: unknown) => {
  if (error instanceof Error && error.name === 'TimeoutError') return `no answer within ${breachedLookupTimeoutMs / 1000} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
  return cause?.code ?? (error instanceof Error ? error.message : String(error));
};

/**
 * Whether the breached-password range service at `url` lists `password` (spec 02 §7): only the first 5 hex digits of
 * its SHA-1 are sent, and the answer's `SUFFIX:COUNT` lines are compared with the other 35. A lookup that fails or
 * takes longer than 2 s is logged and counts as not listed: the check fails open (sign-in-experience.md §6), so a
 * server without the service still lets people set passwords.
 */
export const isBreachedPassword = async (url: string, password: string): Promise<boolean> => {
  const hash = createHash('sha1').update(password).digest('hex').toUpperCase();
  const prefix = hash.slice(0, 5);
  const suffix = hash.slice(5);
  try {
    const response = await fetch(`${url}/${prefix}`, { signal: AbortSignal.timeout(breachedLookupTimeoutMs) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const text = await response.text();
    return text.split('\n').some((line) => {
      const [listed, count] = line.trim().split(':');
      // A padded answer lists made-up suffixes with the count 0.
      return listed?.toUpperCase() === suffix && Number(count ?? 1) > 0;
    });
  } catch (error) {
    console.warn(`The breached-password lookup at ${url} failed (${failureOf(error)}); the password was accepted without it.`);
    return false;
  }
};
