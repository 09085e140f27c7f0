import { useEffect, useSyncExternalStore } from 'react';
import { useMantineColorScheme } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { AppearanceMode } from '#schemas/preferences.ts';
import { ApiError } from '../api/errors.ts';
import { appearanceModeOf, colorSchemeOf } from '../app/appearance.ts';
import { useServices } from '../app/services.ts';
import { activateLocale } from '../i18n/activate.ts';
import { storeLocale } from '../i18n/language.ts';
import { isLocale, sourceLocale, type Locale } from '#schemas/locales.ts';

export function usePreferences() {
  const { preferences } = useServices();
  return useSyncExternalStore(preferences.subscribe, preferences.getSnapshot);
}

/** API failures are already shown by the request client; anything else ('unexpected error') is shown here. */
export const showUnreported = (error: unknown) => {
  if (!(error instanceof ApiError)) notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error) });
};

async function applyLanguage(locale: Locale) {
  await activateLocale(locale);
  storeLocale(locale);
}

/** The language and appearance settings of the user menu: applied at once, saved locally and in the preferences. */
export function useDisplaySettings() {
  const { preferences } = useServices();
  const { i18n } = useLingui();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return {
    language: isLocale(i18n.locale) ? i18n.locale : sourceLocale,
    appearance: appearanceModeOf(colorScheme),
    setLanguage: async (language: Locale) => {
      await applyLanguage(language);
      await preferences.update({ language }).catch(showUnreported);
    },
    setAppearance: async (appearanceMode: AppearanceMode) => {
      setColorScheme(colorSchemeOf(appearanceMode));
      await preferences.update({ appearanceMode }).catch(showUnreported);
    },
  };
}

/** Loads the user's preferences once signed in and applies the saved language and appearance. */
export function useApplySavedPreferences() {
  const { preferences } = useServices();
  const { i18n } = useLingui();
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    let active = true;
    preferences.load().then(({ preferences: saved, isSaved }) => {
      if (!active || !isSaved) return;
      setColorScheme(colorSchemeOf(saved.appearanceMode));
      if (saved.language !== i18n.locale) void applyLanguage(saved.language);
    }, showUnreported);
    return () => {
      active = false;
    };
    // Applied once per sign-in; later changes come from the user menu itself.
  }, [preferences]);
}

/** A change of the user in another tab (the profile page opens in its own) reaches this one: the user is fetched again. */
export function useUserFromOtherTabs() {
  const { preferences } = useServices();
  useEffect(() => preferences.followOtherTabs(), [preferences]);
}
