import { t } from '@lingui/core/macro';
import { storageKeys } from '#schemas/constants.ts';

/** A second consent sign-in within this time means the first did not help. */
export const consentRetryWindowMs = 60_000;

/**
 * Signs in again for consent at most once a minute in a browser session: if the new token still lacks the member's
 * scopes, the scope checks show an error instead of sending the browser round in circles.
 */
export function guardConsentSignIn(storage: Storage, now: () => number, signIn: () => Promise<void>) {
  return async () => {
    const last = Number(storage.getItem(storageKeys.scopeConsentAt));
    if (last > 0 && now() - last < consentRetryWindowMs) {
      throw new Error(t`Signing in again did not give this tenant's token your current permissions.`);
    }
    storage.setItem(storageKeys.scopeConsentAt, String(now()));
    await signIn();
  };
}
