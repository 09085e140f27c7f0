import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { Invitation } from '../schemas/invitation.ts';
import type { AdminPreferences } from '../schemas/preferences.ts';
import type { Tenant } from '../schemas/tenant.ts';
import { messageOf, provided } from './errors.ts';

export type IndexRouteInput = {
  /** The signed-in user's tenants, from the session. */
  tenants: ReadonlyArray<Pick<Tenant, 'id'>>;
  /** The edition has onboarding and creates tenants (cloud). */
  canOnboard: boolean;
  /** The edition has invitations (cloud). */
  canHaveInvitations: boolean;
};

export type IndexRouteContext = IndexRouteInput & {
  tenantId?: string;
  /** The user's pending invitations. */
  invitations: Invitation[];
  error?: string;
};

/**
 * Onboarding is pending while it was never finished and the user has no tenant: someone invited into a tenant is not
 * sent through it, and creating a tenant from the landing page (which clears isOnboardingDone) is.
 */
export const isOnboardingPending = (preferences: AdminPreferences, tenants: IndexRouteInput['tenants']) =>
  preferences.isOnboardingDone !== true && tenants.length === 0;

/** The stored defaultTenantId if the user is among its members, else the first tenant (spec 01 §2). */
export const defaultTenantOf = (tenants: IndexRouteInput['tenants'], preferences: AdminPreferences): string | undefined =>
  (tenants.find(({ id }) => id === preferences.defaultTenantId) ?? tenants[0])?.id;

/**
 * The index route '/' (spec 01 §2, steps 1–5): a loader while the preferences load; onboarding when pending; the default
 * tenant; in cloud the pending invitations, each with Join; else the empty landing. Creating a tenant from there clears
 * isOnboardingDone and decides again, which leads to onboarding.
 */
export const indexRouteMachine = setup({
  types: {
    input: {} as IndexRouteInput,
    context: {} as IndexRouteContext,
    events: {} as { type: 'JOIN'; invitationId: string } | { type: 'CREATE_TENANT' } | { type: 'RETRY' },
  },
  actors: {
    loadPreferences: fromPromise<AdminPreferences>(provided('loadPreferences')),
    /** The user's invitations that are still Pending. */
    fetchPendingInvitations: fromPromise<Invitation[]>(provided('fetchPendingInvitations')),
    /** Sets isOnboardingDone to false. */
    restartOnboarding: fromPromise<void>(provided('restartOnboarding')),
  },
  actions: {
    /** Each navigation replaces '/' in the history. */
    navigateToOnboarding: () => {},
    navigateToTenant: (_args, _tenantId: string) => {},
    navigateToInvitation: (_args, _invitationId: string) => {},
    assignTenantId: assign((_, tenantId: string | undefined) => ({ tenantId })),
    assignInvitations: assign((_, invitations: Invitation[]) => ({ invitations })),
    assignError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    clearError: assign({ error: undefined }),
  },
  guards: {
    isOnboardingPending: ({ context }, preferences: AdminPreferences) =>
      context.canOnboard && isOnboardingPending(preferences, context.tenants),
    hasDefaultTenant: ({ context }, preferences: AdminPreferences) => defaultTenantOf(context.tenants, preferences) !== undefined,
    canHaveInvitations: ({ context }) => context.canHaveInvitations,
    canOnboard: ({ context }) => context.canOnboard,
    hasInvitations: (_, invitations: Invitation[]) => invitations.length > 0,
  },
}).createMachine({
  id: 'indexRoute',
  context: ({ input }) => ({ ...input, invitations: [] }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPreferences',
        src: 'loadPreferences',
        onDone: [
          { guard: { type: 'isOnboardingPending', params: ({ event }) => event.output }, target: 'redirectingToOnboarding' },
          {
            guard: { type: 'hasDefaultTenant', params: ({ event }) => event.output },
            target: 'redirectingToTenant',
            actions: { type: 'assignTenantId', params: ({ context, event }) => defaultTenantOf(context.tenants, event.output) },
          },
          { guard: 'canHaveInvitations', target: 'loadingInvitations' },
          { target: 'landing' },
        ],
        onError: { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    redirectingToOnboarding: {
      type: 'final',
      entry: 'navigateToOnboarding',
    },
    redirectingToTenant: {
      type: 'final',
      entry: { type: 'navigateToTenant', params: ({ context }) => context.tenantId ?? '' },
    },
    loadingInvitations: {
      invoke: {
        id: 'fetchPendingInvitations',
        src: 'fetchPendingInvitations',
        onDone: [
          {
            guard: { type: 'hasInvitations', params: ({ event }) => event.output },
            target: 'invitations',
            actions: { type: 'assignInvitations', params: ({ event }) => event.output },
          },
          { target: 'landing' },
        ],
        onError: { target: 'error', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    invitations: {
      on: {
        JOIN: { target: 'joiningInvitation', actions: { type: 'navigateToInvitation', params: ({ event }) => event.invitationId } },
        CREATE_TENANT: 'restartingOnboarding',
      },
    },
    landing: {
      on: { CREATE_TENANT: { guard: 'canOnboard', target: 'restartingOnboarding' } },
    },
    restartingOnboarding: {
      invoke: {
        id: 'restartOnboarding',
        src: 'restartOnboarding',
        // Back to the root's decision, which now leads to onboarding; after a failure (shown by the request client)
        // it leads back to where the user was.
        onDone: 'loading',
        onError: 'loading',
      },
    },
    joiningInvitation: { type: 'final' },
    error: {
      on: { RETRY: { target: 'loading', actions: 'clearError' } },
    },
  },
});

export type IndexRouteSnapshot = SnapshotFrom<typeof indexRouteMachine>;
export type IndexRouteEvent = EventFromLogic<typeof indexRouteMachine>;
export type IndexRouteState = IndexRouteSnapshot['value'];
