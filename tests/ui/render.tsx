import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { messages } from '../../locales/en/messages.po';
import type { Edition } from '../../schemas/config.ts';
import { AppProviders } from '../../src/app/AppProviders.tsx';
import { defaultRuntimeConfig } from '../../src/config.ts';

// jsdom lacks the layout APIs Mantine asks for; they only need to exist.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

i18n.loadAndActivate({ locale: 'en', messages });

export const testConfig = (edition: Edition) => ({ ...defaultRuntimeConfig, edition, releaseInfoUrl: '' });

/** Renders inside the console's providers, in English, light theme. */
export function renderInConsole(ui: ReactElement, { edition = 'self-hosted' }: { edition?: Edition } = {}) {
  return render(ui, {
    wrapper: ({ children }) => (
      <AppProviders config={testConfig(edition)} colorScheme="light">
        {children}
      </AppProviders>
    ),
  });
}
