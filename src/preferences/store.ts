import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { hashKey, type QueryClient } from '@tanstack/react-query';
import {
  adminPreferencesKey,
  defaultAdminPreferences,
  parseAdminPreferences,
  type AdminPreferences,
} from '#schemas/preferences.ts';
import type { Me } from '#schemas/user.ts';
import type { ApiClient } from '../api/client.ts';
import { isLocale } from '#schemas/locales.ts';
import { profileChanges, profileQueries } from '../data/profile.ts';

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

/**
 * The signed-in user and their admin preferences (custom data): the profile query of the cache (src/data/profile.ts),
 * loaded once and updated through PATCH me/custom-data.
 */
export function createPreferencesStore(api: Pick<ApiClient, 'me'>, queryClient: QueryClient) {
  const profile = profileQueries.me(api);
  const profileHash = hashKey(profile.queryKey);
  // Each answer replaces the user whole, so that the snapshot below follows every write.
  queryClient.setQueryDefaults(profile.queryKey, { structuralSharing: false });
  const otherTabs = profileChanges();
  let state = initialState;
  const snapshot = () => {
    const me = queryClient.getQueryData(profile.queryKey);
    if (me !== state.me) state = me ? stateOf(me) : initialState;
    return state;
  };
  const refetch = async () => {
    await queryClient.refetchQueries({ queryKey: profile.queryKey });
  };
  /** After each write the other tabs fetch the user again. */
  const replaceMe = (me: Me) => {
    queryClient.setQueryData(profile.queryKey, me);
    otherTabs.announce();
  };

  return {
    getSnapshot: snapshot,
    subscribe: (listener: () => void) =>
      queryClient.getQueryCache().subscribe(({ query }) => {
        if (query.queryHash === profileHash) listener();
      }),
    load: async () => {
      await queryClient.ensureQueryData(profile);
      return snapshot();
    },
    /** The user as a Me API write answered it (profile page). */
    replaceMe,
    /** Fetches the user again (after a change the answer did not carry). */
    reload: async () => {
      await refetch();
      otherTabs.announce();
    },
    /** Fetches the user again whenever another tab changed it; returns the unsubscribe. */
    followOtherTabs: () => otherTabs.listen(() => void refetch()),
    update: async (patch: Partial<AdminPreferences>) => {
      const { me, preferences } = snapshot();
      if (!me) throw new Error(t`unexpected error`);
      const customData = await api.me.patchCustomData({ [adminPreferencesKey]: { ...preferences, ...patch } });
      replaceMe({ ...me, customData });
    },
  };
}

export type PreferencesStore = ReturnType<typeof createPreferencesStore>;
