import { beforeAll, expect, test, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { messages } from '../../locales/en/messages.po';
import type { CustomDataPatch } from '#schemas/preferences.ts';
import type { Me } from '#schemas/user.ts';
import { createQueryClient } from '#src/data/client.ts';
import { createPreferencesStore } from '#src/preferences/store.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages }));

const meWith = (customData: Record<string, unknown>): Me => ({
  id: 'u1', username: 'ada', primaryEmail: null, primaryPhone: null, name: null, avatar: null, hasPassword: true, identities: {}, customData,
});

const storeOf = (api: Parameters<typeof createPreferencesStore>[0]) => createPreferencesStore(api, createQueryClient('self-hosted'));

function fakeMeApi(customData: Record<string, unknown>) {
  const patches: CustomDataPatch[] = [];
  let stored = customData;
  return {
    patches,
    me: {
      get: async () => meWith(stored),
      patchCustomData: async (patch: CustomDataPatch) => {
        patches.push(patch);
        stored = { ...stored, ...patch };
        return stored;
      },
    },
  };
}

test('saved preferences are read from customData.adminConsolePreferences', async () => {
  const store = storeOf(fakeMeApi({ adminConsolePreferences: { language: 'de', appearanceMode: 'dark', defaultTenantId: 'abc' } }));
  const { preferences, isSaved } = await store.load();
  expect(isSaved).toBe(true);
  expect(preferences).toEqual({ language: 'de', appearanceMode: 'dark', defaultTenantId: 'abc' });
});

test('missing or invalid preferences fall back to en and system', async () => {
  const missing = await storeOf(fakeMeApi({})).load();
  expect(missing).toMatchObject({ isSaved: false, preferences: { language: 'en', appearanceMode: 'system' } });
  const invalid = await storeOf(fakeMeApi({ adminConsolePreferences: { language: 'xx', appearanceMode: 'pink' } })).load();
  expect(invalid.preferences).toEqual({ language: 'en', appearanceMode: 'system' });
});

test("updating before the user has loaded throws 'unexpected error'", async () => {
  const api = fakeMeApi({});
  await expect(storeOf(api).update({ language: 'de' })).rejects.toThrow('unexpected error');
  expect(api.patches).toEqual([]);
});

test('an update sends the whole preferences object and keeps the answer', async () => {
  const api = fakeMeApi({ adminConsolePreferences: { language: 'fr', appearanceMode: 'light' }, other: 1 });
  const store = storeOf(api);
  await store.load();
  await store.update({ appearanceMode: 'dark' });
  expect(api.patches).toEqual([{ adminConsolePreferences: { language: 'fr', appearanceMode: 'dark' } }]);
  expect(store.getSnapshot().preferences).toEqual({ language: 'fr', appearanceMode: 'dark' });
  expect(store.getSnapshot().me?.customData).toMatchObject({ other: 1 });
});

test('a change of the user in one tab is fetched again in the other tabs, not in its own', async () => {
  let name = 'Ada';
  const gets = { console: 0, profile: 0 };
  const tab = (which: keyof typeof gets) => {
    const get = async () => {
      gets[which] += 1;
      return { ...meWith({}), name };
    };
    return storeOf({ me: { get, patchCustomData: async () => ({}) } });
  };
  const consoleTab = tab('console');
  const profileTab = tab('profile');
  await Promise.all([consoleTab.load(), profileTab.load()]);
  const stop = [consoleTab.followOtherTabs(), profileTab.followOtherTabs()];
  try {
    name = 'Ada Lovelace';
    profileTab.replaceMe({ ...meWith({}), name });
    await vi.waitFor(() => expect(consoleTab.getSnapshot().me?.name).toBe('Ada Lovelace'));
    expect(gets).toEqual({ console: 2, profile: 1 });
  } finally {
    for (const unsubscribe of stop) unsubscribe();
  }
});
