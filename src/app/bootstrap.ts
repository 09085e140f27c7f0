import { i18n } from '@lingui/core';
import { createActor, type Actor } from 'xstate';
import { organizationIdOf } from '#schemas/constants.ts';
import type { Tenant } from '#schemas/tenant.ts';
import type { sessionMachine } from '#machines/session.machine.ts';
import { createApiClient } from '../api/client.ts';
import { createQueryClient } from '../data/client.ts';
import { userKeys } from '../data/keys.ts';
import { mantineFeedback } from '../api/feedback.tsx';
import { callbackUri, hasSecureCrypto, lazyLogtoClient } from '../auth/client.ts';
import { Prompt } from '../auth/logto.ts';
import type { RuntimeConfig } from '../config.ts';
import type { Locale } from '#schemas/locales.ts';
import { consoleLocation, publicHref, saveRedirect } from '../flows/session/location.ts';
import { provideSessionMachine } from '../flows/session/provide.ts';
import { createPreferencesStore } from '../preferences/store.ts';
import { createConsoleRouter, loadSignedInRoutes } from './router.ts';
import type { ConsoleServices } from './services.ts';

/**
 * Wires the console: sign-in client, request client, preferences, router and the session. `locale` is the language
 * being activated: requests and the sign-in ask for it until its catalog is in.
 */
export function bootstrapConsole(config: RuntimeConfig, locale: Locale) {
  const language = () => i18n.locale || locale;
  const logto = lazyLogtoClient(config);
  // The request client reports auth failures to the session, which is created below.
  let session: Actor<typeof sessionMachine> | undefined;
  const sessionPort = {
    authError: () => session?.send({ type: 'AUTH_ERROR', location: consoleLocation(window.location) }),
    signOut: () => session?.send({ type: 'SIGN_OUT' }),
  };
  const api = createApiClient({ config, tokens: logto, feedback: mantineFeedback, language, session: sessionPort });
  const queryClient = createQueryClient(config.edition, { feedback: mantineFeedback, session: sessionPort });
  const preferences = createPreferencesStore(api, queryClient);
  const organizationRoles = async () => {
    const claims = await (await logto()).getIdTokenClaims();
    const roles: unknown = claims.organization_roles;
    return Array.isArray(roles) ? roles.filter((role): role is string => typeof role === 'string') : [];
  };
  const userId = async () => (await (await logto()).getIdTokenClaims()).sub;
  const router = createConsoleRouter({ config, api, queryClient, preferences, organizationRoles, userId, tenants: [] });

  session = createActor(
    provideSessionMachine({
      logto,
      fetchTenants: api.cloud.getTenants,
      language,
      replaceLocation: (location) => router.history.replace(publicHref(location)),
      storage: window.sessionStorage,
      origin: window.location.origin,
      currentHref: () => window.location.href,
    }),
    { input: { location: consoleLocation(window.location), hasSecureCrypto: hasSecureCrypto() } },
  );
  // The session's tenants (loaded, or replaced through setTenants) seed the query cache, which the routes read them from.
  let seeded = session.getSnapshot().context.tenants;
  let routesLoading = false;
  session.subscribe((snapshot) => {
    if (snapshot.context.tenants !== seeded) {
      seeded = snapshot.context.tenants;
      queryClient.setQueryData(userKeys.tenants, seeded);
    }
    if (!routesLoading && snapshot.matches('ready')) {
      routesLoading = true;
      loadSignedInRoutes(router, seeded).catch(console.error);
    }
  });

  const setTenants = (tenants: Tenant[]) => {
    session?.send({ type: 'TENANTS_UPDATED', tenants });
    // Routes loaded from now on see the new list, even before React renders it into the router.
    router.update({ ...router.options, context: { ...router.options.context, tenants } });
    void router.invalidate();
  };

  const services: ConsoleServices = {
    preferences,
    signOut: () => session?.send({ type: 'SIGN_OUT' }),
    signInAgain: () => session?.send({ type: 'AUTH_ERROR', location: consoleLocation(window.location) }),
    clearTokensAndReload: async () => {
      await (await logto()).clearAllTokens();
      window.location.reload();
    },
    setTenants,
    refreshTenants: async () => {
      const tenants = await api.tenants.listTenants();
      setTenants(tenants);
      return tenants;
    },
    tenantTokens: {
      organizationTokenScopes: async (tenantId) => {
        const { scope } = await (await logto()).getOrganizationTokenClaims(organizationIdOf(tenantId));
        return scope?.split(' ').filter(Boolean) ?? [];
      },
      clearAccessToken: async () => (await logto()).clearAccessToken(),
      signInWithConsent: async () => {
        saveRedirect(window.sessionStorage, consoleLocation(window.location));
        const client = await logto();
        await client.clearAllTokens();
        await client.signIn({ redirectUri: callbackUri(window.location.origin), prompt: Prompt.Consent, extraParams: { ui_locales: i18n.locale } });
      },
    },
  };
  return { config, router, session, services };
}

export type ConsoleApp = ReturnType<typeof bootstrapConsole>;
