import { beforeAll, describe, expect, test } from 'vitest';
import { setupI18n, type I18n } from '@lingui/core';
import { messages as en } from '../../locales/en/messages.po';
import { messages as de } from '../../locales/de/messages.po';
import { auditLogKeys, interactionLogKeys, managementLogKeys, tokenLogKeys } from '#schemas/log.ts';
import { readLogListSearch } from '#schemas/list-search/logs.ts';
import { eventOptions, isImpersonation, logGroupOf, logTitle, logTitleOrKey } from '#src/pages/audit-logs/log-titles.ts';
import { customSeed, effectiveRange, fitsRetention, logListQueryOf, logWindow } from '#src/pages/audit-logs/log-window.ts';
import { logRetentionOf } from '#src/pages/audit-logs/retention.ts';
import { parseUserAgent } from '#src/pages/audit-logs/user-agent.ts';

let i18n: I18n;
beforeAll(() => {
  i18n = setupI18n({ locale: 'en', messages: { en, de } });
});

describe('event titles', () => {
  test('are composed of the event, the step, the grant, the entity and the action', () => {
    expect(logTitle(i18n, 'Interaction.SignIn.Verification.Password.Submit')).toBe('Sign-in: verify password');
    expect(logTitle(i18n, 'Interaction.Register.Verification.EmailVerificationCode.Create')).toBe('Registration: start e-mail code verification');
    expect(logTitle(i18n, 'Interaction.ForgotPassword.Identifier.Submit')).toBe('Password reset: submit identifier');
    expect(logTitle(i18n, 'Interaction.SignIn.BindMfa.Totp.Submit')).toBe('Sign-in: bind TOTP');
    expect(logTitle(i18n, 'ExchangeTokenBy.RefreshToken')).toBe('Token request: refresh token');
    expect(logTitle(i18n, 'Management.User.Updated')).toBe('User updated');
    expect(logTitle(i18n, 'Management.Role.ScopesUpdated')).toBe('Role permissions updated');
    expect(logTitle(i18n, 'Interaction.End')).toBe('Interaction ended');
  });

  test('every key of the catalogue has one, and no two keys share one', () => {
    const titles = auditLogKeys.map((key) => logTitle(i18n, key));
    expect(titles.filter((title) => !title)).toEqual([]);
    expect(new Set(titles).size).toBe(auditLogKeys.length);
  });

  test('a key outside the catalogue has none and shows raw, even when its parts are known', () => {
    expect(logTitle(i18n, 'Interaction.SignIn.Verification.Password.Create')).toBeUndefined();
    expect(logTitle(i18n, 'TriggerHook.PostSignIn')).toBeUndefined();
    expect(logTitleOrKey(i18n, 'Action.Something')).toBe('Action.Something');
  });

  test('are in the active language', () => {
    const german = setupI18n({ locale: 'de', messages: { en, de } });
    expect(logTitle(german, 'Interaction.SignIn.Verification.Password.Submit')).toBe('Anmeldung: Passwort prüfen');
    expect(logTitle(german, 'Management.Role.ScopesUpdated')).toBe('Rolle: Berechtigungen aktualisiert');
  });
});

describe('the event filter', () => {
  test('groups every key once: sign-in, registration, password reset, token, MFA, administration, other', () => {
    const groups = eventOptions(i18n);
    expect(groups.map(({ group }) => group)).toEqual(['Sign-in', 'Registration', 'Password reset', 'Token', 'MFA', 'Administration', 'Other']);
    expect(groups.flatMap(({ items }) => items.map(({ value }) => value)).sort()).toEqual([...auditLogKeys].sort());
    expect(groups.find(({ group }) => group === 'Token')!.items.map(({ value }) => value).sort()).toEqual([...tokenLogKeys].sort());
    expect(groups.find(({ group }) => group === 'Administration')!.items).toHaveLength(managementLogKeys.length);
  });

  test('puts MFA steps of every event in MFA, and sorts each group by title', () => {
    expect(logGroupOf('Interaction.Register.BindMfa.WebAuthn.Submit')).toBe('Mfa');
    expect(logGroupOf('Interaction.SignIn.Verification.BackupCode.Submit')).toBe('Mfa');
    expect(logGroupOf('Interaction.SignIn.Verification.Password.Submit')).toBe('SignIn');
    expect(logGroupOf('Interaction.Create')).toBe('Other');
    const signIn = eventOptions(i18n)[0]!.items.map(({ label }) => label);
    expect(signIn).toEqual([...signIn].sort((a, b) => a.localeCompare(b, 'en')));
    expect(interactionLogKeys.filter((key) => logGroupOf(key) === 'SignIn').length).toBe(signIn.length);
  });
});

test('impersonation: a token exchange whose subject is an access token', () => {
  const params = (subject_token_type: string) => ({ params: { subject_token_type } });
  expect(isImpersonation({ key: 'ExchangeTokenBy.TokenExchange', payload: params('urn:ietf:params:oauth:token-type:access_token') })).toBe(true);
  expect(isImpersonation({ key: 'ExchangeTokenBy.TokenExchange', payload: params('urn:ietf:params:oauth:token-type:id_token') })).toBe(false);
  expect(isImpersonation({ key: 'ExchangeTokenBy.RefreshToken', payload: params('urn:ietf:params:oauth:token-type:access_token') })).toBe(false);
});

describe('the URL and the window it stands for', () => {
  const now = new Date(2026, 10, 20, 15, 30, 12).getTime();
  const minute = new Date(2026, 10, 20, 15, 30).getTime();
  const day = 24 * 60 * 60 * 1000;

  test('reads what it can use and leaves out the rest', () => {
    expect(readLogListSearch({ page: '2', range: '30d', event: 'ExchangeTokenBy.RefreshToken', userId: 'u1', start_time: '2026-02-30', end_time: '2026-11-20', q: 'x' })).toEqual({
      page: 2,
      range: '30d',
      event: 'ExchangeTokenBy.RefreshToken',
      userId: 'u1',
      end_time: '2026-11-20',
    });
    expect(readLogListSearch({ range: '90d', applicationId: 'a'.repeat(22), event: 'a b' })).toEqual({});
  });

  test('a preset reaches back from the minute, with no end; unknown and too long ranges fall back', () => {
    expect(logWindow({ range: '1h' }, null, now)).toEqual({ startTime: minute - 60 * 60 * 1000 });
    expect(logWindow({}, null, now)).toEqual({ startTime: minute - 7 * day });
    expect(effectiveRange(undefined, 14)).toBe('7d');
    expect(effectiveRange('30d', 14)).toBe('7d');
    expect(effectiveRange('30d', 3)).toBe('1d');
    expect(effectiveRange('7d', 3)).toBe('1d');
    expect(fitsRetention('1d', 3)).toBe(true);
    expect(fitsRetention('7d', 3)).toBe(false);
    expect(fitsRetention('30d', null)).toBe(true);
  });

  test('custom dates run from the local start of the first day to the local end of the last, never before what the plan keeps', () => {
    expect(logWindow({ range: 'custom', start_time: '2026-11-18', end_time: '2026-11-19' }, null, now)).toEqual({
      startTime: new Date(2026, 10, 18).getTime(),
      endTime: new Date(2026, 10, 19, 23, 59, 59, 999).getTime(),
    });
    expect(logWindow({ range: 'custom', start_time: '2026-11-19', end_time: '2026-11-18' }, null, now)).toEqual({
      startTime: new Date(2026, 10, 18).getTime(),
      endTime: new Date(2026, 10, 19, 23, 59, 59, 999).getTime(),
    });
    expect(logWindow({ range: 'custom', start_time: '2026-11-01' }, 3, now)).toEqual({ startTime: new Date(2026, 10, 17).getTime() });
    expect(logWindow({ range: 'custom' }, null, now)).toEqual({});
  });

  test('custom starts from the window of the preset it replaces', () => {
    expect(customSeed('7d', now)).toEqual({ start_time: '2026-11-13', end_time: '2026-11-20' });
    expect(customSeed('1h', now)).toEqual({ start_time: '2026-11-20', end_time: '2026-11-20' });
  });

  test("a user's or app's table fixes it over the URL's", () => {
    const search = { page: 3, userId: 'other', applicationId: 'app', event: 'Interaction.End', range: '1h' } as const;
    expect(logListQueryOf({ userId: 'ann' }, search, null, now)).toEqual({
      page: 3,
      pageSize: 20,
      userId: 'ann',
      applicationId: 'app',
      logKey: 'Interaction.End',
      startTime: minute - 60 * 60 * 1000,
    });
  });
});

test('retention: what the server says; until then the plan in cloud, none self-hosted', () => {
  expect(logRetentionOf({ quotas: true, planId: 'free' })).toEqual({ days: 3, planId: 'free' });
  expect(logRetentionOf({ quotas: true, planId: 'development' })).toEqual({ days: 14, planId: 'development' });
  expect(logRetentionOf({ quotas: true, planId: 'admin' })).toEqual({ days: null, planId: 'admin' });
  expect(logRetentionOf({ quotas: true, planId: 'acme-enterprise', kept: 90 })).toEqual({ days: 90, planId: 'acme-enterprise' });
  expect(logRetentionOf({ quotas: true, planId: 'free', kept: null })).toEqual({ days: null, planId: 'free' });
  expect(logRetentionOf({ quotas: false, planId: 'free' })).toEqual({ days: null });
  expect(logRetentionOf({ quotas: false, planId: 'free', kept: 5 })).toEqual({ days: 5 });
});

test('user agents: common browsers and systems, nothing guessed', () => {
  expect(parseUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91')).toEqual({
    browser: 'Edge 120',
    os: 'Windows 10/11',
    mobile: false,
  });
  expect(parseUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1')).toEqual({
    browser: 'Safari 17',
    os: 'iOS 17.2',
    mobile: true,
  });
  expect(parseUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36')).toEqual({
    browser: 'Chrome 120',
    os: 'Android 14',
    mobile: true,
  });
  expect(parseUserAgent('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0')).toEqual({ browser: 'Firefox 121', os: 'Linux', mobile: false });
  expect(parseUserAgent('curl/8.4.0')).toEqual({ mobile: false });
});
