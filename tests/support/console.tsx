import { createMemoryHistory } from '@tanstack/react-router';
import type { Edition } from '#schemas/config.ts';
import { tenantRoles } from '#schemas/constants.ts';
import type { AdminPreferences, CustomDataPatch } from '#schemas/preferences.ts';
import type { Tenant } from '#schemas/tenant.ts';
import type { Me } from '#schemas/user.ts';
import { createApiClient, type AccountApis, type ApiClient } from '#src/api/client.ts';
import type { ErrorFeedback } from '#src/api/errors.ts';
import { mantineFeedback } from '#src/api/feedback.tsx';
import { ConsoleRouterProvider } from '#src/app/ConsoleRouterProvider.tsx';
import { createConsoleRouter } from '#src/app/router.ts';
import { ServicesContext, type ConsoleServices } from '#src/app/services.ts';
import { createQueryClient } from '#src/data/client.ts';
import { userKeys } from '#src/data/keys.ts';
import { createPreferencesStore } from '#src/preferences/store.ts';
import { ConfigContext, defaultRuntimeConfig, type RuntimeConfig } from '#src/config.ts';
import { testServices } from './services.ts';
import { withAccountApis } from './console-api.ts';

export type ConsoleSetup = {
  edition: Edition;
  tenants: Tenant[];
  preferences?: Partial<AdminPreferences>;
  /** The signed-in user, over Ada (username ada, no e-mail). */
  me?: Partial<Me>;
  /** `{tenantId}:{role}`: the member's role, and so their scopes, in each tenant. */
  roles?: string[];
  /** Fakes of the API functions a test exercises; the others fail, as without tokens. */
  api?: (client: ApiClient & AccountApis) => Partial<ApiClient>;
  services?: Partial<ConsoleServices>;
  /** Runtime configuration besides the edition, e.g. `isDevMode`. */
  config?: Partial<RuntimeConfig>;
  /** The request client's error feedback; by default it shows nothing (the kit's toasts of failed writes are shown). */
  feedback?: ErrorFeedback;
};

const quiet: ErrorFeedback = { toastError: () => {}, alert: async () => {} };

export const signedInUserId = 'u1';

/**
 * The real route tree in a memory history (for component tests and page stories), with a fake Me API behind the preferences and the member scopes of `roles`. */
export function createTestConsole(
  path: string,
  { edition, tenants, preferences, me: user, roles = [], api: fakes, services: overrides, config: configOverrides, feedback = quiet }: ConsoleSetup,
) {
  const me: Me = {
    id: signedInUserId, username: 'ada', primaryEmail: null, primaryPhone: null, name: 'Ada', avatar: null, hasPassword: true, identities: {},
    customData: preferences ? { adminConsolePreferences: { language: 'en', appearanceMode: 'light', ...preferences } } : {},
    ...user,
  };
  // Like the Me API: top-level keys of the patch replace the stored ones.
  const patchCustomData = async (patch: CustomDataPatch) => Object.assign(me.customData, patch);
  const queryClient = createQueryClient(edition, { feedback: mantineFeedback, session: { authError: () => {}, signOut: () => {} } });
  const store = createPreferencesStore({ me: { get: async () => me, patchCustomData } }, queryClient);
  const config = { ...defaultRuntimeConfig, edition, releaseInfoUrl: '', ...configOverrides };
  const history = createMemoryHistory({ initialEntries: [`/console${path}`] });
  const client = withAccountApis(createApiClient({
    config,
    tokens: async () => Promise.reject(new Error('no tokens in route tests')),
    feedback,
    session: { authError: () => {}, signOut: () => {} },
    language: () => 'en',
  }));
  const scopesIn = (tenantId: string) =>
    roles.flatMap((entry) => {
      const [id, role] = entry.split(':');
      return id === tenantId && (role === 'admin' || role === 'collaborator') ? [...tenantRoles[role]] : [];
    });
  const api: ApiClient = {
    ...client,
    members: {
      ...client.members,
      listMembers: async () => [],
      getMemberScopes: async (tenantId: string) => scopesIn(tenantId).map((name) => ({ name })),
    },
    ...fakes?.(client),
  };
  // As the session seeds it once signed in.
  queryClient.setQueryData(userKeys.tenants, tenants);
  const router = createConsoleRouter(
    { config, api, queryClient, preferences: store, tenants, organizationRoles: async () => roles, userId: async () => signedInUserId },
    history,
  );
  const services = testServices(store, {
    tenantTokens: { ...testServices(store).tenantTokens, organizationTokenScopes: async (tenantId) => scopesIn(tenantId) },
    // The session's list, as the app keeps it: the router sees the new tenants.
    setTenants: (next) => {
      queryClient.setQueryData(userKeys.tenants, next);
      router.update({ ...router.options, context: { ...router.options.context, tenants: next } });
      void router.invalidate();
    },
    ...overrides,
  });
  // Over the story's or test's own providers: the pages read this console's config (`devWebhookInbox`, `isDevMode`).
  const element = (
    <ConfigContext.Provider value={config}>
      <ServicesContext.Provider value={services}>
        <ConsoleRouterProvider router={router} />
      </ServicesContext.Provider>
    </ConfigContext.Provider>
  );
  return { config, router, queryClient, store, element, location: () => `${history.location.pathname}${history.location.search}${history.location.hash}` };
}
