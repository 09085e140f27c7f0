import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import {
  adminPreferencesKey,
  defaultAdminPreferences,
  parseAdminPreferences,
  type AdminPreferences,
} from '../../schemas/preferences.ts';
import type { Me } from '../../schemas/user.ts';
import type { ApiClient } from '../api/client.ts';
import { isLocale } from '../i18n/locales.ts';

export type PreferencesState = {
  me: Me | undefined;
  preferences: AdminPreferences;
  /** Whether the user has ever saved preferences (then they win over the browser's stored choices). */
  isSaved: boolean;
};

const initialState: PreferencesState = { me: undefined, preferences: defaultAdminPreferences, isSaved: false };

/**
 * Until the user has saved preferences, the language they see (the browser's) is the one the first save keeps: a save
 * of anything else (onboarding done, a default tenant) must not turn it into English.
 */
const unsavedPreferences = (): AdminPreferences => ({
  ...defaultAdminPreferences,
  language: isLocale(i18n.locale) ? i18n.locale : defaultAdminPreferences.language,
});

const stateOf = (me: Me): PreferencesState => {
  const isSaved = adminPreferencesKey in me.customData;
  return { me, preferences: isSaved ? parseAdminPreferences(me.customData[adminPreferencesKey]) : unsavedPreferences(), isSaved };
};

/** The signed-in user and their admin preferences (custom data), loaded once and updated through PATCH me/custom-data. */
export function createPreferencesStore(api: Pick<ApiClient, 'me'>) {
  let state = initialState;
  let loading: Promise<PreferencesState> | undefined;
  const listeners = new Set<() => void>();
  const set = (next: PreferencesState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    load: () =>
      (loading ??= api.me.get().then(
        (me) => {
          set(stateOf(me));
          return state;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      )),
    /** The user as a Me API write answered it (profile page). */
    replaceMe: (me: Me) => set(stateOf(me)),
    update: async (patch: Partial<AdminPreferences>) => {
      const { me } = state;
      if (!me) throw new Error(t`unexpected error`);
      const customData = await api.me.patchCustomData({ [adminPreferencesKey]: { ...state.preferences, ...patch } });
      set(stateOf({ ...me, customData }));
    },
  };
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;
