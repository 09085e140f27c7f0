import { expect } from 'vitest';
import { deliveryResendMachine, type ResentAttempt } from '#machines/delivery-resend.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk, nothingAsked } from '../support/model-walks.ts';

type Walk = WalkContext<typeof deliveryResendMachine>;
type Event = ModelEvent<typeof deliveryResendMachine>;

const attempt: ResentAttempt = { logId: 'log-2', result: 'Success', status: 200 };
const gone = Object.assign(new Error('not found'), { status: 404, body: { code: 'hook.not_found', message: 'The webhook does not exist.' } });

const events: Event[] = [
  { type: 'RESEND' },
  { type: 'xstate.done.actor.resend' },
  { type: 'xstate.error.actor.resend', error: gone },
  { type: 'xstate.done.actor.awaitAttempt', output: attempt },
  { type: 'xstate.error.actor.awaitAttempt', error: gone },
  { type: 'xstate.after.resendWait.deliveryResend.waiting' },
];

const drivers = { RESEND: sendEvent } satisfies EventDrivers<typeof deliveryResendMachine>;

const resends = (walk: Walk) => walk.events.filter((event) => event.type === 'RESEND').length;
const lastError = (walk: Walk) => (walk.events.findLast((event) => event.type.startsWith('xstate.error.')) as { error: unknown } | undefined)?.error;

const walk = createModelWalk({
  machine: deliveryResendMachine,
  scenarios: { 'a delivery of a webhook': undefined },
  events,
  drivers,
  states: {
    idle: nothingAsked,
    resending: (walk) => {
      // One resend request per press; the last result is cleared.
      expect(walk.callsOf('resend')).toHaveLength(resends(walk));
      expect(walk.snapshot.context).toEqual({});
    },
    waiting: (walk) => {
      // The attempt is awaited only once the server took the resend.
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'awaitAttempt', value: undefined });
      expect(walk.snapshot.context.attempt).toBeUndefined();
    },
    delivered: (walk) => {
      expect(walk.snapshot.context.attempt).toEqual(attempt);
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    queued: (walk) => {
      // Still no attempt logged after the wait: nothing to show but that it is queued.
      expect(walk.events.at(-1)).toEqual({ type: 'xstate.after.resendWait.deliveryResend.waiting' });
      expect(walk.snapshot.context).toEqual({});
    },
    failed: (walk) => {
      expect(walk.snapshot.context.error).toBe(lastError(walk));
      expect(walk.snapshot.context.attempt).toBeUndefined();
    },
  },
});

describeWalk('delivery resend machine (model paths)', walk);
