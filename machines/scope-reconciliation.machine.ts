import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { isAuthError, toSessionError, type SessionError } from './session-errors.ts';
import { provided } from './errors.ts';

export type ScopeReconciliationInput = { tenantId: string };

export type ScopeReconciliationContext = {
  tenantId: string;
  /** The member's tenant scopes as the server has them: the access flags come from these. */
  serverScopes: string[];
  error?: SessionError;
};

export type TenantRequest = { tenantId: string };

/** Scopes the server grants that the token does not carry: the token is out of date and needs a new consent. */
export const missingScopes = (server: readonly string[], token: readonly string[]) => server.filter((scope) => !token.includes(scope));
/** Scopes the token carries that the server no longer grants. */
export const extraScopes = (server: readonly string[], token: readonly string[]) => token.filter((scope) => !server.includes(scope));

type Comparison = { server: string[]; token: string[] };


const toError = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
const compareWithToken = ({ context, event }: { context: ScopeReconciliationContext; event: { output: string[] } }): Comparison => ({
  server: context.serverScopes,
  token: event.output,
});
const failed = [
  { guard: { type: 'isAuthError', params: toError }, target: 'sessionExpired' },
  { target: 'error', actions: { type: 'assignError', params: toError } },
] as const;

/**
 * The tenant-scope checks of the cloud edition (spec 01 §4 scope checks, spec 02 §4): the current tenant's organization
 * token must carry exactly the member's scopes on the server. Runs for each tenant the console opens, and again on REFRESH.
 */
export const scopeReconciliationMachine = setup({
  types: {
    input: {} as ScopeReconciliationInput,
    context: {} as ScopeReconciliationContext,
    events: {} as { type: 'REFRESH' } | { type: 'RETRY' },
  },
  actors: {
    fetchMemberScopes: fromPromise<string[], TenantRequest>(provided('fetchMemberScopes')),
    readTokenScopes: fromPromise<string[], TenantRequest>(provided('readTokenScopes')),
    clearAccessToken: fromPromise<void>(provided('clearAccessToken')),
    signInWithConsent: fromPromise<void>(provided('signInWithConsent')),
  },
  actions: {
    /** Removes the tenant from the session's tenant list. */
    removeTenant: (_args, _tenantId: string) => {},
    goToRoot: () => {},
    /** Hands an authentication failure to the session, which signs in again. */
    reportAuthError: () => {},
    assignServerScopes: assign((_, serverScopes: string[]) => ({ serverScopes })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toSessionError(params.error) })),
    clearError: assign({ error: undefined }),
  },
  guards: {
    hasNoScopes: (_, scopes: string[]) => scopes.length === 0,
    tokenLacksScopes: (_, { server, token }: Comparison) => missingScopes(server, token).length > 0,
    tokenHasExtraScopes: (_, { server, token }: Comparison) => extraScopes(server, token).length > 0,
    isAuthError: (_, params: { error: unknown }) => isAuthError(params.error),
  },
}).createMachine({
  id: 'scopeReconciliation',
  context: ({ input }) => ({ tenantId: input.tenantId, serverScopes: [] }),
  initial: 'fetchingScopes',
  states: {
    fetchingScopes: {
      invoke: {
        id: 'fetchMemberScopes',
        src: 'fetchMemberScopes',
        input: ({ context }) => ({ tenantId: context.tenantId }),
        onDone: [
          { guard: { type: 'hasNoScopes', params: ({ event }) => event.output }, target: 'leavingTenant' },
          { target: 'readingTokenScopes', actions: { type: 'assignServerScopes', params: ({ event }) => event.output } },
        ],
        onError: failed,
      },
    },
    /** No longer a member: the tenant goes from the list and the console to the root. */
    leavingTenant: {
      entry: [{ type: 'removeTenant', params: ({ context }) => context.tenantId }, 'goToRoot'],
    },
    readingTokenScopes: {
      invoke: {
        id: 'readTokenScopes',
        src: 'readTokenScopes',
        input: ({ context }) => ({ tenantId: context.tenantId }),
        onDone: [
          { guard: { type: 'tokenLacksScopes', params: compareWithToken }, target: 'signingInWithConsent' },
          { guard: { type: 'tokenHasExtraScopes', params: compareWithToken }, target: 'clearingAccessToken' },
          { target: 'ready' },
        ],
        onError: failed,
      },
    },
    /** Scopes were taken away: only the cached access token goes, the next one is issued with the current scopes. */
    clearingAccessToken: {
      invoke: {
        id: 'clearAccessToken',
        src: 'clearAccessToken',
        onDone: 'rereadingTokenScopes',
        onError: { target: 'error', actions: { type: 'assignError', params: toError } },
      },
    },
    rereadingTokenScopes: {
      invoke: {
        id: 'rereadTokenScopes',
        src: 'readTokenScopes',
        input: ({ context }) => ({ tenantId: context.tenantId }),
        // Extra scopes left over are not cleared twice: the server decides on every request anyway.
        onDone: [{ guard: { type: 'tokenLacksScopes', params: compareWithToken }, target: 'signingInWithConsent' }, { target: 'ready' }],
        onError: failed,
      },
    },
    /** Scopes were granted since sign-in: all tokens go and sign-in asks for consent again (the browser leaves). */
    signingInWithConsent: {
      invoke: {
        id: 'signInWithConsent',
        src: 'signInWithConsent',
        onError: { target: 'error', actions: { type: 'assignError', params: toError } },
      },
    },
    ready: {
      on: { REFRESH: 'fetchingScopes' },
    },
    sessionExpired: { entry: 'reportAuthError' },
    error: {
      on: { RETRY: { target: 'fetchingScopes', actions: 'clearError' } },
    },
  },
});

export type ScopeReconciliationSnapshot = SnapshotFrom<typeof scopeReconciliationMachine>;
export type ScopeReconciliationEvent = EventFromLogic<typeof scopeReconciliationMachine>;
export type ScopeReconciliationState = ScopeReconciliationSnapshot['value'];
