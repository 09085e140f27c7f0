import { expect } from 'vitest';
import { accountDeletionMachine, type TenantBlockers } from '#machines/account-deletion.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof accountDeletionMachine>;
type Event = ModelEvent<typeof accountDeletionMachine>;

const acmeBlocked: TenantBlockers[] = [{ tenantId: 'acme', tenantName: 'Acme', blockers: ['paid_plan', 'open_invoices'] }];
const serverBlocked: TenantBlockers[] = [{ tenantId: 'beta', tenantName: 'Beta', blockers: ['subscription_not_active'] }];
const claimsUnavailable = new Error('ID token claims are unavailable');
const blockedByServer = Object.assign(new Error('The account cannot be deleted yet.'), {
  status: 422,
  code: 'user.deletion_blocked',
  body: { code: 'user.deletion_blocked', message: 'The account cannot be deleted yet.', details: { tenants: serverBlocked } },
  requestId: 'req-1',
});
const serverFailure = Object.assign(new Error('Internal server error'), { status: 500, requestId: 'req-2' });

const events: Event[] = [
  { type: 'DELETE' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'CLOSE' },
  { type: 'xstate.done.actor.checkEligibility', output: [] },
  { type: 'xstate.done.actor.checkEligibility', output: acmeBlocked },
  { type: 'xstate.error.actor.checkEligibility', error: claimsUnavailable },
  { type: 'xstate.done.actor.deleteAccount' },
  { type: 'xstate.error.actor.deleteAccount', error: blockedByServer },
  { type: 'xstate.error.actor.deleteAccount', error: serverFailure },
];

const drivers = { DELETE: sendEvent, CONFIRM: sendEvent, CANCEL: sendEvent, CLOSE: sendEvent } satisfies EventDrivers<typeof accountDeletionMachine>;

const lastEvent = (walk: Walk) => walk.events.at(-1);
const confirms = (walk: Walk) => walk.events.filter((event) => event.type === 'CONFIRM').length;

const walk = createModelWalk({
  machine: accountDeletionMachine,
  scenarios: { 'signed-in cloud user': undefined },
  events,
  drivers,
  states: {
    idle: (walk) => {
      expect(walk.snapshot.context).toEqual({ blocked: [], failure: undefined });
      const last = lastEvent(walk);
      // Unavailable token claims: an error toast, and the dialog closes.
      expect(walk.callsOf('notifyClaimsUnavailable')).toHaveLength(walk.events.filter((event) => event === events[6]).length);
      if (last?.type === 'CANCEL') expect(walk.callsOf('deleteAccount')).toHaveLength(0);
      expect(walk.callsOf('signOut')).toEqual([]);
    },
    checkingEligibility: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'DELETE' });
      expect(walk.calls.at(-1)).toMatchObject({ kind: 'actor', name: 'checkEligibility' });
    },
    blocked: (walk) => {
      const last = lastEvent(walk);
      // The console's own check, or the server's when it found blockers the console did not.
      if (last?.type === 'xstate.done.actor.checkEligibility') expect(walk.snapshot.context.blocked).toEqual(acmeBlocked);
      else expect(walk.snapshot.context.blocked).toEqual(serverBlocked);
      expect(walk.callsOf('signOut')).toEqual([]);
    },
    confirming: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'xstate.done.actor.checkEligibility', output: [] });
      expect(walk.snapshot.context.blocked).toEqual([]);
    },
    finalConfirming: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'CONFIRM' });
      // Nothing is deleted before the final confirmation.
      expect(walk.callsOf('deleteAccount')).toHaveLength(0);
    },
    deleting: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'CONFIRM' });
      expect(confirms(walk)).toBeGreaterThanOrEqual(2);
      expect(walk.calls.at(-1)).toMatchObject({ kind: 'actor', name: 'deleteAccount' });
    },
    failed: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'xstate.error.actor.deleteAccount', error: serverFailure });
      expect(walk.snapshot.context.failure).toEqual({ message: 'Internal server error', requestId: 'req-2' });
    },
    signedOut: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'xstate.done.actor.deleteAccount' });
      expect(walk.callsOf('signOut')).toHaveLength(1);
    },
  },
});

describeWalk('account deletion machine (model paths)', walk);
