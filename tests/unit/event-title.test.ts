import { beforeAll, expect, test } from 'vitest';
import { setupI18n, type I18n } from '@lingui/core';
import { messages as en } from '../../locales/en/messages.po';
import { messages as de } from '../../locales/de/messages.po';
import type { LogPayload } from '#schemas/log.ts';
import { eventTitle } from '#src/pages/audit-logs/event-title.ts';

let i18n: I18n;
beforeAll(() => {
  i18n = setupI18n({ locale: 'en', messages: { en, de } });
});

const titleOf = (key: string, payload: Partial<LogPayload> & Record<string, unknown> = {}) => eventTitle(i18n, { key, payload: { key, result: 'Success', ...payload } });

test('a suspension change says whether the user was suspended or reactivated', () => {
  expect(titleOf('Management.User.SuspensionUpdated', { changes: { isSuspended: { from: false, to: true } } })).toBe('User suspended');
  expect(titleOf('Management.User.SuspensionUpdated', { changes: { isSuspended: { from: true, to: false } } })).toBe('User reactivated');
  expect(titleOf('Management.User.SuspensionUpdated')).toBe('User suspension changed');
});

test("an app's roles and permissions changes are named as such, not as any update of the app", () => {
  expect(titleOf('Management.Application.Updated', { roles: { added: ['r1'] } })).toBe('Application roles updated');
  expect(titleOf('Management.Application.Updated', { userConsentScopes: { added: ['email'] } })).toBe('Application permissions updated');
  expect(titleOf('Management.Application.Updated', { changes: { name: { from: 'Shop', to: 'Store' } } })).toBe('Application updated');
});

test('a creation or deletion names what was created or deleted, in the reader’s language', () => {
  expect(titleOf('Management.Role.Created', { changes: { name: { from: null, to: 'billing:reader' } } })).toBe('Role created: billing:reader');
  expect(titleOf('Management.Resource.Deleted', { changes: { name: { from: 'Orders API', to: null } } })).toBe('API resource deleted: Orders API');
  expect(titleOf('Management.User.Created', { changes: { name: { from: null, to: null } } })).toBe('User created');
  i18n.activate('de');
  try {
    expect(titleOf('Management.Role.Created', { changes: { name: { from: null, to: 'billing:reader' } } })).toBe('Rolle: erstellt („billing:reader“)');
    expect(titleOf('Management.User.SuspensionUpdated', { changes: { isSuspended: { from: false, to: true } } })).not.toBe('User suspended');
  } finally {
    i18n.activate('en');
  }
});

test('a key outside the catalogue has no title', () => {
  expect(titleOf('Custom.Thing')).toBeUndefined();
});
