import { expect, test, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { messages } from '../../locales/en/messages.po';
import { storageKeys } from '#schemas/constants.ts';
import { consentRetryWindowMs, guardConsentSignIn } from '#src/flows/scope-reconciliation/consent-guard.ts';

i18n.loadAndActivate({ locale: 'en', messages });

test('a consent sign-in runs at most once a minute, so a token that stays short cannot loop', async () => {
  sessionStorage.clear();
  let now = 1_000_000;
  const signIn = vi.fn(async () => {});
  const guarded = guardConsentSignIn(sessionStorage, () => now, signIn);
  await guarded();
  expect(signIn).toHaveBeenCalledTimes(1);
  expect(sessionStorage.getItem(storageKeys.scopeConsentAt)).toBe('1000000');
  now += consentRetryWindowMs - 1;
  await expect(guarded()).rejects.toThrow("Signing in again did not give this tenant's token your current permissions.");
  expect(signIn).toHaveBeenCalledTimes(1);
  now += 1;
  await guarded();
  expect(signIn).toHaveBeenCalledTimes(2);
});
