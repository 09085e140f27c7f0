import { describe, expect, it } from 'vitest';
import { passwordChangeMachine, passwordChangeStepOf, rejectionCodesOf } from '#machines/password-change.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof passwordChangeMachine>;
type Event = ModelEvent<typeof passwordChangeMachine>;

const apiError = (status: number, code: string, details?: unknown) =>
  Object.assign(new Error(`${code} answer`), { status, body: { code, message: `${code} answer`, details } });
const wrongPassword = apiError(422, 'user.invalid_password');
const verificationRequired = apiError(403, 'user.verification_required');
const rejected = apiError(422, 'password.rejected', { codes: ['too_short', 'not_a_code'] });
const failed = new Error('Service unavailable');

const events: Event[] = [
  { type: 'SUBMIT', password: 'Current-pass-1' },
  { type: 'xstate.done.actor.verifyPassword' },
  { type: 'xstate.error.actor.verifyPassword', error: wrongPassword },
  { type: 'xstate.done.actor.setPassword' },
  { type: 'xstate.error.actor.setPassword', error: verificationRequired },
  { type: 'xstate.error.actor.setPassword', error: rejected },
  { type: 'xstate.error.actor.setPassword', error: failed },
];

const drivers = { SUBMIT: sendEvent } satisfies EventDrivers<typeof passwordChangeMachine>;
const lastEvent = (walk: Walk) => walk.events.at(-1);

const walk = createModelWalk({
  machine: passwordChangeMachine,
  scenarios: { 'with a password': { step: 'verifyPassword' }, 'without a password': { step: 'changePassword' } },
  events,
  drivers,
  states: {
    start: () => {},
    verifyPassword: (walk) => {
      const last = lastEvent(walk);
      if (!last) expect(walk.input.step).toBe('verifyPassword');
      if (last?.type === 'xstate.error.actor.verifyPassword') expect(walk.snapshot.context.error).toEqual({ kind: 'failed', message: 'user.invalid_password answer' });
      if (last?.type === 'xstate.error.actor.setPassword') expect(walk.callsOf('goToVerifyPassword')).not.toHaveLength(0);
      expect(walk.snapshot.context.password).toBeUndefined();
    },
    verifying: (walk) => {
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'verifyPassword', value: { password: 'Current-pass-1' } });
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    changePassword: (walk) => {
      const last = lastEvent(walk);
      const { error, password } = walk.snapshot.context;
      expect(password).toBeUndefined();
      if (!last) expect(walk.input.step).toBe('changePassword');
      if (last?.type === 'xstate.done.actor.verifyPassword') expect(walk.callsOf('goToChangePassword')).not.toHaveLength(0);
      if (last?.type === 'xstate.error.actor.setPassword' && last.error === rejected) expect(error).toEqual({ kind: 'rejected', codes: ['too_short'] });
      if (last?.type === 'xstate.error.actor.setPassword' && last.error === failed) expect(error).toEqual({ kind: 'failed', message: 'Service unavailable' });
    },
    saving: (walk) => {
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'setPassword', value: { password: 'Current-pass-1' } });
    },
    done: (walk) => {
      expect(walk.callsOf('notifyChanged')).toHaveLength(1);
      expect(walk.snapshot.context.password).toBeUndefined();
    },
  },
});

describeWalk('password change machine (model paths)', walk);

describe('password change', () => {
  it('starts at verify-password with a password, else at change-password', () => {
    expect(passwordChangeStepOf(true)).toBe('verifyPassword');
    expect(passwordChangeStepOf(false)).toBe('changePassword');
  });
  it('reads the policy codes only from a password.rejected answer', () => {
    expect(rejectionCodesOf(rejected)).toEqual(['too_short']);
    expect(rejectionCodesOf(wrongPassword)).toBeUndefined();
    expect(rejectionCodesOf(failed)).toBeUndefined();
  });
});
