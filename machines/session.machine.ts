import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { Tenant } from '../schemas/tenant.ts';
import { isSignInCallback, isSignUpLocation, type SavedLocation } from './location.ts';
import { isAuthError, toSessionError, type SessionError } from './session-errors.ts';
import { provided } from './errors.ts';

export type { SavedLocation } from './location.ts';
export type { SessionError } from './session-errors.ts';
export { isAuthError, toSessionError } from './session-errors.ts';

export type SessionInput = { location: SavedLocation; hasSecureCrypto: boolean };

export type SessionContext = {
  /** Where the console was opened (or where an auth error happened): saved before sign-in. */
  location: SavedLocation;
  hasSecureCrypto: boolean;
  tenants: Tenant[];
  error?: SessionError;
};

export type SignInInput = { signUp: boolean };

const rootLocation: SavedLocation = { pathname: '/', search: '', hash: '' };


/** Sign-in, saved redirect, callback, tenants loaded, and signing in again on auth errors (spec 01 §2, §4, §8). */
export const sessionMachine = setup({
  types: {
    input: {} as SessionInput,
    context: {} as SessionContext,
    events: {} as
      | { type: 'RETRY' }
      | { type: 'SIGN_OUT' }
      | { type: 'AUTH_ERROR'; location: SavedLocation }
      | { type: 'TENANTS_UPDATED'; tenants: Tenant[] },
  },
  actors: {
    checkAuthenticated: fromPromise<boolean>(provided('checkAuthenticated')),
    signIn: fromPromise<void, SignInInput>(provided('signIn')),
    handleSignInCallback: fromPromise<void>(provided('handleSignInCallback')),
    fetchTenants: fromPromise<Tenant[]>(provided('fetchTenants')),
    signOut: fromPromise<void>(provided('signOut')),
  },
  actions: {
    /** Saves the location to session storage, to return to it after the callback. */
    saveRedirect: (_args, _location: SavedLocation) => {},
    /** Navigates to the saved location, else to '/'; clears it. */
    restoreRedirect: () => {},
    assignTenants: assign((_, params: { tenants: Tenant[] }) => ({ tenants: params.tenants })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toSessionError(params.error) })),
    clearError: assign({ error: undefined }),
    assignLocation: assign((_, location: SavedLocation) => ({ location })),
  },
  guards: {
    hasSecureCrypto: ({ context }) => context.hasSecureCrypto,
    isSignInCallback: ({ context }) => isSignInCallback(context.location),
    isSignedIn: (_, params: { signedIn: boolean }) => params.signedIn,
    isAuthError: (_, params: { error: unknown }) => isAuthError(params.error),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ location: input.location, hasSecureCrypto: input.hasSecureCrypto, tenants: [] }),
  initial: 'checkingEnvironment',
  states: {
    checkingEnvironment: {
      always: [{ guard: 'hasSecureCrypto', target: 'checkingAuthentication' }, { target: 'insecureContext' }],
    },
    insecureContext: {},
    checkingAuthentication: {
      always: { guard: 'isSignInCallback', target: 'handlingCallback' },
      invoke: {
        id: 'checkAuthenticated',
        src: 'checkAuthenticated',
        onDone: [
          { guard: { type: 'isSignedIn', params: ({ event }) => ({ signedIn: event.output }) }, target: 'fetchingTenants' },
          { target: 'savingRedirect' },
        ],
        onError: [
          { guard: { type: 'isAuthError', params: ({ event }) => ({ error: event.error }) }, target: 'savingRedirect' },
          { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    savingRedirect: {
      entry: { type: 'saveRedirect', params: ({ context }) => context.location },
      always: 'signingIn',
    },
    signingIn: {
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ signUp: isSignUpLocation(context.location) }),
        // Not routed back to sign-in: a sign-in that cannot start would loop.
        onError: { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    handlingCallback: {
      invoke: {
        id: 'handleSignInCallback',
        src: 'handleSignInCallback',
        // The callback URL is used up either way: a later sign-in or retry starts from the root.
        onDone: { target: 'restoringRedirect', actions: { type: 'assignLocation', params: rootLocation } },
        onError: [
          {
            guard: { type: 'isAuthError', params: ({ event }) => ({ error: event.error }) },
            target: 'savingRedirect',
            actions: { type: 'assignLocation', params: rootLocation },
          },
          {
            target: 'error',
            actions: [
              { type: 'assignLocation', params: rootLocation },
              { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    restoringRedirect: {
      entry: 'restoreRedirect',
      always: 'fetchingTenants',
    },
    fetchingTenants: {
      invoke: {
        id: 'fetchTenants',
        src: 'fetchTenants',
        onDone: { target: 'ready', actions: { type: 'assignTenants', params: ({ event }) => ({ tenants: event.output }) } },
        onError: [
          { guard: { type: 'isAuthError', params: ({ event }) => ({ error: event.error }) }, target: 'savingRedirect' },
          { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    ready: {
      on: {
        TENANTS_UPDATED: { actions: { type: 'assignTenants', params: ({ event }) => ({ tenants: event.tenants }) } },
        AUTH_ERROR: {
          target: 'savingRedirect',
          actions: { type: 'assignLocation', params: ({ event }) => event.location },
        },
        SIGN_OUT: 'signingOut',
      },
    },
    signingOut: {
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onError: { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    error: {
      on: { RETRY: { target: 'checkingAuthentication', actions: 'clearError' } },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionEvent = EventFromLogic<typeof sessionMachine>;
export type SessionState = SessionSnapshot['value'];
