import type { ConsoleServices } from '#src/app/services.ts';
import type { PreferencesStore } from '#src/preferences/store.ts';

/** Console services for component tests: every effect is a no-op unless the test gives its own. */
export function testServices(preferences: PreferencesStore, overrides: Partial<ConsoleServices> = {}): ConsoleServices {
  return {
    preferences,
    signOut: () => {},
    signInAgain: () => {},
    clearTokensAndReload: async () => {},
    setTenants: () => {},
    refreshTenants: async () => [],
    tenantTokens: {
      organizationTokenScopes: async () => [],
      clearAccessToken: async () => {},
      signInWithConsent: async () => {},
    },
    ...overrides,
  };
}
