import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { accountDeletionBlockedDetailsGuard, type AccountDeletionBlocker } from '../schemas/profile.ts';
import { detailsOf, errorOf, messageOf, provided, requestIdOf } from './errors.ts';

/** The blockers of one tenant the user administers (spec 01 §5). */
export type TenantBlockers = { tenantId: string; tenantName: string; blockers: AccountDeletionBlocker[] };

/** What the error dialog shows when the deletion failed (spec 01 §8). */
export type DeletionFailure = { message: string; requestId: string | undefined };

export type AccountDeletionContext = {
  /** The tenants that keep the account from being deleted; empty when it is eligible. */
  blocked: TenantBlockers[];
  failure: DeletionFailure | undefined;
};

/** The per-tenant blockers of a 422 `user.deletion_blocked`, when the server found some the console did not. */
export const blockedTenantsOf = (error: unknown): TenantBlockers[] | undefined => {
  const parsed = accountDeletionBlockedDetailsGuard.safeParse(detailsOf(error));
  return parsed.success && parsed.data.tenants.length > 0 ? parsed.data.tenants : undefined;
};

const failureOf = (error: unknown): DeletionFailure => ({
  message: messageOf(error),
  requestId: requestIdOf(error),
});


/**
 * Deleting the signed-in account from the profile page (spec 01 §4, §6, §8): the eligibility check lists the blockers
 * of every tenant the user administers (from the ID token's organization_roles); an eligible account goes through a
 * confirmation and a final confirmation, then DELETE /api/me and sign-out, or an error dialog with the message and the
 * request id. When the token claims are unavailable, an error toast shows and the dialog closes.
 */
export const accountDeletionMachine = setup({
  types: {
    context: {} as AccountDeletionContext,
    events: {} as { type: 'DELETE' } | { type: 'CONFIRM' } | { type: 'CANCEL' } | { type: 'CLOSE' },
  },
  actors: {
    /** The blockers of the tenants the user administers; rejects when the ID token's claims are unavailable. */
    checkEligibility: fromPromise<TenantBlockers[]>(provided('checkEligibility')),
    deleteAccount: fromPromise<void>(provided('deleteAccount')),
  },
  actions: {
    /** The error toast when the token claims are unavailable. */
    notifyClaimsUnavailable: () => {},
    signOut: () => {},
    assignBlocked: assign((_, blocked: TenantBlockers[]) => ({ blocked })),
    assignFailure: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    clear: assign({ blocked: [], failure: undefined }),
  },
  guards: {
    hasBlockers: (_, blocked: TenantBlockers[]) => blocked.length > 0,
    isBlocked: (_, error: unknown) => blockedTenantsOf(error) !== undefined,
  },
}).createMachine({
  id: 'accountDeletion',
  context: { blocked: [], failure: undefined },
  initial: 'idle',
  states: {
    idle: {
      on: { DELETE: { target: 'checkingEligibility', actions: 'clear' } },
    },
    checkingEligibility: {
      invoke: {
        id: 'checkEligibility',
        src: 'checkEligibility',
        onDone: [
          {
            guard: { type: 'hasBlockers', params: ({ event }) => event.output },
            target: 'blocked',
            actions: { type: 'assignBlocked', params: ({ event }) => event.output },
          },
          { target: 'confirming' },
        ],
        onError: { target: 'idle', actions: 'notifyClaimsUnavailable' },
      },
    },
    /** The eligibility dialog: the blockers per tenant. */
    blocked: {
      on: { CLOSE: { target: 'idle', actions: 'clear' } },
    },
    confirming: {
      on: { CONFIRM: 'finalConfirming', CANCEL: 'idle' },
    },
    finalConfirming: {
      on: { CONFIRM: 'deleting', CANCEL: 'idle' },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        onDone: 'signedOut',
        onError: [
          {
            guard: { type: 'isBlocked', params: errorOf },
            target: 'blocked',
            actions: { type: 'assignBlocked', params: ({ event }) => blockedTenantsOf(event.error) ?? [] },
          },
          { target: 'failed', actions: { type: 'assignFailure', params: errorOf } },
        ],
      },
    },
    /** The error dialog: the message, the request id and a try-again-later hint. */
    failed: {
      on: { CLOSE: { target: 'idle', actions: 'clear' } },
    },
    signedOut: { type: 'final', entry: 'signOut' },
  },
});

export type AccountDeletionSnapshot = SnapshotFrom<typeof accountDeletionMachine>;
export type AccountDeletionEvent = EventFromLogic<typeof accountDeletionMachine>;
export type AccountDeletionState = AccountDeletionSnapshot['value'];
