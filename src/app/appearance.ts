import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core';
import type { AppearanceMode } from '#schemas/preferences.ts';
import { storageKeys } from '#schemas/constants.ts';

/** The appearance mode is kept in local storage; Mantine's 'auto' is the spec's 'system' and follows the OS live. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: storageKeys.appearanceMode });

export const colorSchemeOf = (mode: AppearanceMode): MantineColorScheme => (mode === 'system' ? 'auto' : mode);
export const appearanceModeOf = (scheme: MantineColorScheme): AppearanceMode => (scheme === 'auto' ? 'system' : scheme);
