import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { i18n } from '@lingui/core';
import { messages } from '../../locales/en/messages.po';
import type { Edition } from '#schemas/config.ts';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { defaultRuntimeConfig } from '#src/config.ts';

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
// A Textarea with autosize follows web fonts as they load.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });

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

/** Menus open after their hover delay and a fade-in; fake timers drive both (jsdom has no animation frames). */
export function menuUser() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const settle = () => {
    // The hover delay first; the fade-in is scheduled only once the menu has rendered open.
    act(() => vi.advanceTimersByTime(350));
    act(() => vi.advanceTimersByTime(250));
  };
  return { user, settle };
}
