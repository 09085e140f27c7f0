import { t } from '@lingui/core/macro';
import {
  adminPreferencesKey,
  defaultAdminPreferences,
  parseAdminPreferences,
  type AdminPreferences,
} from '../../schemas/preferences.ts';
import type { Me } from '../../schemas/user.ts';
import type { ApiClient } from '../api/client.ts';

export type PreferencesState = {
  me: Me | undefined;
  preferences: AdminPreferences;
  /** Whether the user has ever saved preferences (then they win over the browser's stored choices). */
  isSaved: boolean;
};

const initialState: PreferencesState = { me: undefined, preferences: defaultAdminPreferences, isSaved: false };

const stateOf = (me: Me): PreferencesState => ({
  me,
  preferences: parseAdminPreferences(me.customData[adminPreferencesKey]),
  isSaved: adminPreferencesKey in me.customData,
});

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
