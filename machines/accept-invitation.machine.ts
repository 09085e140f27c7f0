import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import type { Invitation } from '../schemas/invitation.ts';
import type { Tenant } from '../schemas/tenant.ts';
import { toSessionError, type SessionError } from './session-errors.ts';
import { codeOf, provided, statusOf } from './errors.ts';
import type { ErrorCode } from '../schemas/error-codes.ts';

export type AcceptInvitationInput = { invitationId: string };

export type AcceptInvitationContext = {
  invitationId: string;
  /** The tenant the accepted invitation joined. */
  tenantId?: string;
  error?: SessionError;
};

export type InvitationRequest = { invitationId: string };

/** Server answers the flow shows a screen for, by status and code (spec 01 §2, §7). */
export const isEmailMismatch = (error: unknown) => statusOf(error) === 403;
export const isInvitationNotFound = (error: unknown) => statusOf(error) === 404;
export const isInvalidInvitationStatus = (error: unknown) => codeOf(error) === 'invitation.invalid_status';
/** The codes of those answers: the flow shows them itself, so the request client raises no toast for them. */
export const invitationErrorCodes = ['invitation.email_mismatch', 'invitation.not_found', 'invitation.invalid_status'] as const satisfies readonly ErrorCode[];


const toError = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** Accepting an invitation from its link (spec 01 §2 invitation acceptance, §4 invitation). */
export const acceptInvitationMachine = setup({
  types: {
    input: {} as AcceptInvitationInput,
    context: {} as AcceptInvitationContext,
    events: {} as { type: 'RETRY' } | { type: 'SWITCH_ACCOUNT' },
  },
  actors: {
    getInvitation: fromPromise<Invitation, InvitationRequest>(provided('getInvitation')),
    acceptInvitation: fromPromise<Invitation, InvitationRequest>(provided('acceptInvitation')),
    fetchTenants: fromPromise<Tenant[]>(provided('fetchTenants')),
  },
  actions: {
    /** Gives the session the refreshed tenant list. */
    updateTenants: (_args, _tenants: Tenant[]) => {},
    /** Navigates to the tenant the invitation joined. */
    goToTenant: (_args, _tenantId: string) => {},
    /** Signs in again (as another account), returning to this invitation. */
    switchAccount: () => {},
    assignTenantId: assign((_, tenantId: string) => ({ tenantId })),
    assignError: assign((_, params: { error: unknown }) => ({ error: toSessionError(params.error) })),
    clearError: assign({ error: undefined }),
  },
  guards: {
    isPending: (_, invitation: Invitation) => invitation.status === 'Pending',
    isEmailMismatch: (_, params: { error: unknown }) => isEmailMismatch(params.error),
    isNotFound: (_, params: { error: unknown }) => isInvitationNotFound(params.error),
    isInvalidStatus: (_, params: { error: unknown }) => isInvalidInvitationStatus(params.error),
  },
}).createMachine({
  id: 'acceptInvitation',
  context: ({ input }) => ({ invitationId: input.invitationId }),
  initial: 'loadingInvitation',
  states: {
    loadingInvitation: {
      invoke: {
        id: 'getInvitation',
        src: 'getInvitation',
        input: ({ context }) => ({ invitationId: context.invitationId }),
        onDone: [{ guard: { type: 'isPending', params: ({ event }) => event.output }, target: 'accepting' }, { target: 'invalidStatus' }],
        onError: [
          { guard: { type: 'isEmailMismatch', params: toError }, target: 'emailMismatch' },
          { guard: { type: 'isNotFound', params: toError }, target: 'notFound' },
          { target: 'error', actions: { type: 'assignError', params: toError } },
        ],
      },
    },
    accepting: {
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ invitationId: context.invitationId }),
        onDone: { target: 'refreshingTenants', actions: { type: 'assignTenantId', params: ({ event }) => event.output.tenantId } },
        onError: [
          // Accepted, revoked or expired in the meantime.
          { guard: { type: 'isInvalidStatus', params: toError }, target: 'invalidStatus' },
          { guard: { type: 'isNotFound', params: toError }, target: 'notFound' },
          { target: 'error', actions: { type: 'assignError', params: toError } },
        ],
      },
    },
    refreshingTenants: {
      invoke: {
        id: 'fetchTenants',
        src: 'fetchTenants',
        onDone: {
          target: 'accepted',
          actions: [
            { type: 'updateTenants', params: ({ event }) => event.output },
            { type: 'goToTenant', params: ({ context }) => context.tenantId ?? '' },
          ],
        },
        onError: { target: 'tenantsError', actions: { type: 'assignError', params: toError } },
      },
    },
    accepted: { type: 'final' },
    emailMismatch: {
      on: { SWITCH_ACCOUNT: 'switchingAccount' },
    },
    switchingAccount: { entry: 'switchAccount' },
    notFound: {},
    invalidStatus: {},
    error: {
      on: { RETRY: { target: 'loadingInvitation', actions: 'clearError' } },
    },
    /** Joined, but the tenant list did not load: retrying loads it again (the invitation is no longer pending). */
    tenantsError: {
      on: { RETRY: { target: 'refreshingTenants', actions: 'clearError' } },
    },
  },
});

export type AcceptInvitationSnapshot = SnapshotFrom<typeof acceptInvitationMachine>;
export type AcceptInvitationEvent = EventFromLogic<typeof acceptInvitationMachine>;
export type AcceptInvitationState = AcceptInvitationSnapshot['value'];
