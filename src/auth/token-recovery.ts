import { isAuthError } from '#machines/session-errors.ts';

export type RecoveryOptions = { retries?: number; delay?: (attempt: number) => number };

const backoff = (attempt: number) => 500 * 2 ** attempt;

/**
 * A token request that outlives a failed refresh, so that only a refused grant ends the sign-in.
 *
 * - A refresh that failed without an answer of the issuer (aborted by a navigation, the network, a server error) is
 *   tried again after a pause. Its refresh token may have been rotated at the issuer all the same: the console's
 *   issuer still takes it for a short while.
 * - A refusal (invalid_grant, invalid_target, no sign-in kept) is tried again at once only when the stored refresh
 *   token changed meanwhile (another tab or request rotated it), with the new one; otherwise it is thrown.
 *
 * After `retries` more tries the last failure is thrown as it is: only a refusal means signing in again.
 */
export async function recoverToken<T>(
  fetchToken: () => Promise<T>,
  storedRefreshToken: () => Promise<string | null>,
  { retries = 2, delay = backoff }: RecoveryOptions = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const sent = await storedRefreshToken();
    try {
      return await fetchToken();
    } catch (error) {
      if (attempt >= retries) throw error;
      if (isAuthError(error)) {
        const stored = await storedRefreshToken();
        if (stored === null || stored === sent) throw error;
      } else {
        await new Promise((resolve) => setTimeout(resolve, delay(attempt)));
      }
    }
  }
}
