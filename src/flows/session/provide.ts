import type LogtoClient from '@logto/browser';
import { fromPromise } from 'xstate';
import { sessionMachine, type SavedLocation, type SignInInput } from '#machines/session.machine.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { callbackUri, postSignOutUri } from '#src/auth/client.ts';
import { saveRedirect, takeSavedRedirect } from './location.ts';

export type SessionDependencies = {
  logto: () => Promise<LogtoClient>;
  fetchTenants: () => Promise<Tenant[]>;
  /** The language the server's sign-in pages should use. */
  language: () => string;
  /** Replaces the browser location without loading routes (the router is not mounted yet). */
  replaceLocation: (location: SavedLocation) => void;
  storage: Storage;
  origin: string;
  currentHref: () => string;
};

/** The session machine with its real effects: the sign-in client, the API, session storage and the router's history. */
export function provideSessionMachine(deps: SessionDependencies) {
  return sessionMachine.provide({
    actors: {
      checkAuthenticated: fromPromise(async () => (await deps.logto()).isAuthenticated()),
      signIn: fromPromise<void, SignInInput>(async ({ input }) => {
        const client = await deps.logto();
        await client.signIn({
          redirectUri: callbackUri(deps.origin),
          ...(input.signUp ? { interactionMode: 'signUp' as const } : {}),
          extraParams: { ui_locales: deps.language() },
        });
      }),
      handleSignInCallback: fromPromise(async () => (await deps.logto()).handleSignInCallback(deps.currentHref())),
      fetchTenants: fromPromise(() => deps.fetchTenants()),
      signOut: fromPromise(async () => (await deps.logto()).signOut(postSignOutUri(deps.origin))),
    },
    actions: {
      saveRedirect: (_, location: SavedLocation) => saveRedirect(deps.storage, location),
      restoreRedirect: () => deps.replaceLocation(takeSavedRedirect(deps.storage)),
    },
  });
}
