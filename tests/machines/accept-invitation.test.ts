import { expect } from 'vitest';
import { acceptInvitationMachine } from '#machines/accept-invitation.machine.ts';
import type { Invitation } from '#schemas/invitation.ts';
import { sampleInvitation, sampleTenant } from '../support/samples.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof acceptInvitationMachine>;
type Event = ModelEvent<typeof acceptInvitationMachine>;

const httpError = (status: number, code: string, message: string) => Object.assign(new Error(message), { status, body: { code, message }, code });

const pending: Invitation = sampleInvitation('inv-1', { tenantId: 'acme', status: 'Pending' });
const alreadyAccepted: Invitation = { ...pending, status: 'Accepted' };
const joined: Invitation = { ...pending, status: 'Accepted', acceptedUserId: 'u-b' };
const tenants = [sampleTenant('own'), sampleTenant('acme')];

const mismatch = httpError(403, 'invitation.email_mismatch', 'This invitation was sent to another e-mail address than the one of your account.');
const unknown = httpError(404, 'invitation.not_found', 'The invitation does not exist.');
const noLongerPending = httpError(409, 'invitation.invalid_status', 'This invitation cannot be accepted: it is Revoked.');
const networkDown = new TypeError('Failed to fetch');
const timeout = httpError(504, 'unknown', 'Gateway timeout');

const events: Event[] = [
  { type: 'xstate.done.actor.getInvitation', output: pending },
  { type: 'xstate.done.actor.getInvitation', output: alreadyAccepted },
  { type: 'xstate.error.actor.getInvitation', error: mismatch },
  { type: 'xstate.error.actor.getInvitation', error: unknown },
  { type: 'xstate.error.actor.getInvitation', error: networkDown },
  { type: 'xstate.done.actor.acceptInvitation', output: joined },
  { type: 'xstate.error.actor.acceptInvitation', error: noLongerPending },
  { type: 'xstate.error.actor.acceptInvitation', error: unknown },
  { type: 'xstate.error.actor.acceptInvitation', error: timeout },
  { type: 'xstate.done.actor.fetchTenants', output: tenants },
  { type: 'xstate.error.actor.fetchTenants', error: networkDown },
  { type: 'RETRY' },
  { type: 'SWITCH_ACCOUNT' },
];

const drivers = { RETRY: sendEvent, SWITCH_ACCOUNT: sendEvent } satisfies EventDrivers<typeof acceptInvitationMachine>;

const lastEvent = (walk: Walk) => walk.events.at(-1);
const lastCall = (walk: Walk) => walk.calls.at(-1);
const lastError = (walk: Walk) => walk.events.findLast((event): event is Extract<Event, { error: unknown }> => 'error' in event)?.error;
const sideEffects = (walk: Walk) => walk.calls.filter((call) => call.kind === 'action').map((call) => call.name);

/** Nothing leaves the page except where the flow says so: joining goes to the tenant, switching signs in again. */
const expectNoSideEffects = (walk: Walk) => expect(sideEffects(walk)).toEqual([]);

const walk = createModelWalk({
  machine: acceptInvitationMachine,
  scenarios: { 'invitation link': { invitationId: 'inv-1' } },
  events,
  drivers,
  states: {
    loadingInvitation: (walk) => {
      expect(lastCall(walk)).toEqual({ kind: 'actor', name: 'getInvitation', value: { invitationId: 'inv-1' } });
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    accepting: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'xstate.done.actor.getInvitation', output: pending });
      expect(lastCall(walk)).toEqual({ kind: 'actor', name: 'acceptInvitation', value: { invitationId: 'inv-1' } });
    },
    refreshingTenants: (walk) => {
      expect(walk.snapshot.context.tenantId).toBe('acme');
      expect(lastCall(walk)).toMatchObject({ kind: 'actor', name: 'fetchTenants' });
      // Retrying a failed tenant list loads the list again, without accepting a second time.
      expect(walk.callsOf('acceptInvitation')).toHaveLength(1);
      expectNoSideEffects(walk);
    },
    accepted: (walk) => {
      expect(walk.snapshot.status).toBe('done');
      // The session gets the new list first, so the tenant's page finds the tenant it navigates to.
      expect(walk.calls.slice(-2)).toEqual([
        { kind: 'action', name: 'updateTenants', value: tenants },
        { kind: 'action', name: 'goToTenant', value: 'acme' },
      ]);
    },
    emailMismatch: (walk) => {
      expect(lastError(walk)).toBe(mismatch);
      expectNoSideEffects(walk);
    },
    switchingAccount: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'SWITCH_ACCOUNT' });
      expect(sideEffects(walk)).toEqual(['switchAccount']);
    },
    notFound: (walk) => {
      expect(lastError(walk)).toBe(unknown);
      expectNoSideEffects(walk);
    },
    invalidStatus: (walk) => {
      const last = lastEvent(walk);
      // Either the loaded invitation is not pending, or it stopped being pending before the accept went through.
      if (last?.type === 'xstate.done.actor.getInvitation') expect(last.output).toBe(alreadyAccepted);
      else expect(lastError(walk)).toBe(noLongerPending);
      expectNoSideEffects(walk);
    },
    error: (walk) => {
      const error = lastError(walk);
      expect([networkDown, timeout]).toContain(error);
      expect(walk.snapshot.context.error).toEqual({ ...(error === timeout ? { code: 'unknown' } : {}), message: (error as Error).message });
      expectNoSideEffects(walk);
    },
    tenantsError: (walk) => {
      expect(lastEvent(walk)).toEqual({ type: 'xstate.error.actor.fetchTenants', error: networkDown });
      expect(walk.snapshot.context).toMatchObject({ tenantId: 'acme', error: { message: 'Failed to fetch' } });
      expectNoSideEffects(walk);
    },
  },
});

describeWalk('accept-invitation machine (model paths)', walk);
