import { describe, expect, it } from 'vitest';
import { emailChangeMachine, navigationStateOf } from '#machines/email-change.machine.ts';
import { createModelWalk, sendEvent, type EventDrivers, type ModelEvent, type WalkContext } from '../support/model.ts';
import { describeWalk } from '../support/model-walks.ts';

type Walk = WalkContext<typeof emailChangeMachine>;
type Event = ModelEvent<typeof emailChangeMachine>;

const mismatch = new Error('The verification code is wrong.');

const events: Event[] = [
  { type: 'SUBMIT_EMAIL', email: 'new@example.com' },
  { type: 'SUBMIT_CODE', code: '123456' },
  { type: 'xstate.done.actor.sendCode' },
  { type: 'xstate.error.actor.sendCode', error: new Error('The e-mail is in use.') },
  { type: 'xstate.done.actor.verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: mismatch },
  { type: 'xstate.done.actor.setPrimaryEmail' },
  { type: 'xstate.error.actor.setPrimaryEmail', error: new Error('Verification required.') },
  { type: 'RESEND' },
  { type: 'xstate.done.actor.resendCode' },
  { type: 'xstate.error.actor.resendCode', error: new Error('Too many codes were sent. Try again in 15 minutes.') },
];

const drivers = { SUBMIT_EMAIL: sendEvent, SUBMIT_CODE: sendEvent, RESEND: sendEvent } satisfies EventDrivers<typeof emailChangeMachine>;
const lastEvent = (walk: Walk) => walk.events.at(-1);
const emailOf = (walk: Walk) => (walk.events.some((event) => event.type === 'SUBMIT_EMAIL') ? 'new@example.com' : 'primary@example.com');

const walk = createModelWalk({
  machine: emailChangeMachine,
  scenarios: {
    'new e-mail': { step: 'linkEmail' },
    'link-email for a new password': { step: 'linkEmail', navigationState: { email: 'primary@example.com', action: 'changePassword' } },
    'code page with a changeEmail state': { step: 'verificationCode', navigationState: { email: 'primary@example.com', action: 'changeEmail' } },
    'code page with a changePassword state': { step: 'verificationCode', navigationState: { email: 'primary@example.com', action: 'changePassword' } },
    'code page with an invalid state': { step: 'verificationCode', navigationState: { email: 'not-an-email', action: 'changeEmail' } },
  },
  events,
  drivers,
  states: {
    start: () => {},
    linkEmail: (walk) => {
      const last = lastEvent(walk);
      if (last?.type === 'xstate.error.actor.sendCode') expect(walk.snapshot.context.error).toBe('The e-mail is in use.');
      if (!last && walk.input.step === 'verificationCode') expect(walk.snapshot.context.email).toBeUndefined();
      if (!last && walk.input.step === 'linkEmail') {
        const { email, action = 'changeEmail' } = navigationStateOf(walk.input.navigationState);
        expect(walk.snapshot.context).toMatchObject({ email, action });
      }
    },
    sending: (walk) => {
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'sendCode', value: { email: 'new@example.com' } });
    },
    verificationCode: (walk) => {
      const last = lastEvent(walk);
      if (last?.type === 'xstate.done.actor.sendCode') {
        const { action = 'changeEmail' } = navigationStateOf(walk.input.navigationState);
        expect(walk.callsOf('goToVerificationCode').at(-1)).toEqual({ email: 'new@example.com', action });
      }
      if (last?.type === 'xstate.error.actor.verifyCode') expect(walk.snapshot.context.error).toBe('The verification code is wrong.');
      if (last?.type === 'xstate.error.actor.setPrimaryEmail') expect(walk.snapshot.context.error).toBe('Verification required.');
      if (last?.type === 'xstate.error.actor.resendCode') expect(walk.snapshot.context.error).toBe('Too many codes were sent. Try again in 15 minutes.');
      expect(walk.snapshot.context.resent ?? false).toBe(last?.type === 'xstate.done.actor.resendCode');
      expect(walk.snapshot.context.code).toBeUndefined();
    },
    resending: (walk) => {
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'sendCode', value: { email: emailOf(walk) } });
      expect(walk.snapshot.context.error).toBeUndefined();
    },
    verifying: (walk) => {
      const action = walk.snapshot.context.action;
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'verifyCode', value: { email: emailOf(walk), code: '123456', action } });
    },
    settingEmail: (walk) => {
      expect(walk.snapshot.context.action).toBe('changeEmail');
      expect(walk.calls.at(-1)).toEqual({ kind: 'actor', name: 'setPrimaryEmail', value: { email: emailOf(walk) } });
    },
    done: (walk) => {
      const changedPassword = walk.snapshot.context.action === 'changePassword';
      expect(walk.callsOf('goToChangePassword')).toHaveLength(changedPassword ? 1 : 0);
      expect(walk.callsOf('notifyChanged')).toHaveLength(changedPassword ? 0 : 1);
    },
  },
});

describeWalk('e-mail change machine (model paths)', walk);

describe('navigation state of the verification-code page', () => {
  it('is accepted with a valid e-mail and a known action', () => {
    expect(navigationStateOf({ email: 'a@example.com', action: 'changePassword' })).toEqual({ email: 'a@example.com', action: 'changePassword' });
  });
  it.each([undefined, null, 'a@example.com', { email: 'nope', action: 'changeEmail' }, { email: 'a@example.com', action: 'other' }, { email: 'a@example.com' }])(
    'treats %j as both undefined',
    (state) => expect(navigationStateOf(state)).toEqual({ email: undefined, action: undefined }),
  );
});
