import './styles.ts';
import { useEffect, type ReactNode } from 'react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { ConfigContext, type RuntimeConfig } from '../config.ts';
import { activateLocale } from '../i18n/activate.ts';
import { detectLocale } from '../i18n/language.ts';
import type { Locale } from '#schemas/locales.ts';
import { colorSchemeManager } from './appearance.ts';
import { DeferredModals, DeferredNotifications } from './hosts/DeferredHosts.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

export type AppProvidersProps = {
  config: RuntimeConfig;
  /** Forces a colour scheme (stories, the light-only onboarding area); otherwise the saved appearance mode applies. */
  colorScheme?: 'light' | 'dark';
  /** Forces a language (stories); otherwise the language already activated, or the detected one. */
  locale?: Locale;
  children: ReactNode;
};

export function AppProviders({ config, colorScheme, locale, children }: AppProvidersProps) {
  useEffect(() => {
    const wanted = locale ?? (i18n.locale ? undefined : detectLocale());
    if (wanted && wanted !== i18n.locale) void activateLocale(wanted);
  }, [locale]);

  return (
    <ConfigContext.Provider value={config}>
      {/* Follows `<html dir>`, which activateLocale sets: Arabic is laid out right to left. */}
      <DirectionProvider>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme="auto"
          forceColorScheme={colorScheme}
        >
          <I18nProvider i18n={i18n}>
            <DeferredNotifications />
            <DeferredModals />
            {children}
          </I18nProvider>
        </MantineProvider>
      </DirectionProvider>
    </ConfigContext.Provider>
  );
}
