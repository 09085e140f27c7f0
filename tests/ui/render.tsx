import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { i18n } from '@lingui/core';
import { messages } from '../../locales/en/messages.po';
import type { Edition } from '#schemas/config.ts';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { defaultRuntimeConfig } from '#src/config.ts';

// jsdom lacks the layout APIs Mantine asks for; they only need to exist. The browser asks for reduced motion, so that
// menus, popovers and modals open and close at once, with no transition (see renderInConsole).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-reduced-motion: reduce)',
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

/** Renders inside the console's providers, in English, light theme, with no transitions. */
export function renderInConsole(ui: ReactElement, { edition = 'self-hosted' }: { edition?: Edition } = {}) {
  return render(ui, {
    wrapper: ({ children }) => (
      <AppProviders config={testConfig(edition)} colorScheme="light" respectReducedMotion>
        {children}
      </AppProviders>
    ),
  });
}

/**
 * Menus open after their hover delay, which fake timers drive (jsdom has no animation frames). They open at once after
 * it: the tests' browser asks for reduced motion, which their providers respect (above).
 */
export function menuUser() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const settle = () => {
    act(() => vi.advanceTimersByTime(350));
  };
  return { user, settle };
}
