import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { verificationActions, type VerificationAction } from '../schemas/profile.ts';
import { emailPattern } from '../schemas/user.ts';
import { field, messageOf, provided } from './errors.ts';

/** The navigation state of /profile/verification-code (spec 01 §5). */
export type EmailNavigationState = { email?: string; action?: VerificationAction };

/** Accepted only when email matches the e-mail pattern and action is changeEmail or changePassword; else both undefined. */
export function navigationStateOf(state: unknown): EmailNavigationState {
  const email = field(state, 'email');
  const action = field(state, 'action');
  const valid = typeof email === 'string' && emailPattern.test(email) && (verificationActions as readonly unknown[]).includes(action);
  return valid ? { email, action: action as VerificationAction } : { email: undefined, action: undefined };
}

export type EmailChangeStep = 'linkEmail' | 'verificationCode';
export type EmailChangeInput = { step: EmailChangeStep; navigationState?: unknown };
export type EmailChangeContext = {
  step: EmailChangeStep;
  email?: string;
  action: VerificationAction;
  code?: string;
  error?: string;
  /** A new code was sent from the code page. */
  resent?: boolean;
};
export type EmailRequest = { email: string };
export type CodeRequest = { email: string; code: string; action: VerificationAction };

const failure = { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error } as const;

/** Changing the sign-in e-mail: link-email, then verification-code (spec 01 §4 password change, §5 navigation state). */
export const emailChangeMachine = setup({
  types: {
    input: {} as EmailChangeInput,
    context: {} as EmailChangeContext,
    events: {} as { type: 'SUBMIT_EMAIL'; email: string } | { type: 'SUBMIT_CODE'; code: string } | { type: 'RESEND' },
  },
  actors: {
    sendCode: fromPromise<void, EmailRequest>(provided('sendCode')),
    verifyCode: fromPromise<void, CodeRequest>(provided('verifyCode')),
    setPrimaryEmail: fromPromise<void, EmailRequest>(provided('setPrimaryEmail')),
  },
  actions: {
    /** Shows /profile/verification-code with the navigation state { email, action }. */
    goToVerificationCode: (_args, _state: Required<EmailNavigationState>) => {},
    /** A verified primary e-mail lets the user set a new password. */
    goToChangePassword: () => {},
    /** Toasts the change and returns to the profile. */
    notifyChanged: () => {},
    assignFailure: assign((_, error: unknown) => ({ code: undefined, error: messageOf(error), resent: false })),
  },
  guards: {
    startsAtCode: ({ context }) => context.step === 'verificationCode' && context.email !== undefined,
    isChangePassword: ({ context }) => context.action === 'changePassword',
  },
}).createMachine({
  id: 'emailChange',
  // On link-email a navigation state fills in the e-mail and the purpose (a code of the primary e-mail instead of the
  // password, before a new password); on the code page it is required.
  context: ({ input }) => {
    const { email, action } = navigationStateOf(input.navigationState);
    return { step: input.step, email, action: action ?? 'changeEmail' };
  },
  initial: 'start',
  states: {
    /** Without a valid navigation state the code page starts over at link-email. */
    start: {
      always: [{ guard: 'startsAtCode', target: 'verificationCode' }, { target: 'linkEmail' }],
    },
    linkEmail: {
      on: { SUBMIT_EMAIL: { target: 'sending', actions: assign(({ event }) => ({ email: event.email, error: undefined })) } },
    },
    sending: {
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: {
          target: 'verificationCode',
          actions: { type: 'goToVerificationCode', params: ({ context }) => ({ email: context.email ?? '', action: context.action }) },
        },
        onError: { target: 'linkEmail', actions: failure },
      },
    },
    verificationCode: {
      on: {
        SUBMIT_CODE: { target: 'verifying', actions: assign(({ event }) => ({ code: event.code, error: undefined, resent: false })) },
        RESEND: { target: 'resending', actions: assign({ error: undefined, resent: false }) },
      },
    },
    /** Another code to the same e-mail; the earlier ones stop working. */
    resending: {
      invoke: {
        id: 'resendCode',
        src: 'sendCode',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: { target: 'verificationCode', actions: assign({ resent: true }) },
        onError: { target: 'verificationCode', actions: failure },
      },
    },
    verifying: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ email: context.email ?? '', code: context.code ?? '', action: context.action }),
        onDone: [{ guard: 'isChangePassword', target: 'done', actions: 'goToChangePassword' }, { target: 'settingEmail' }],
        onError: { target: 'verificationCode', actions: failure },
      },
    },
    settingEmail: {
      invoke: {
        id: 'setPrimaryEmail',
        src: 'setPrimaryEmail',
        input: ({ context }) => ({ email: context.email ?? '' }),
        onDone: { target: 'done', actions: 'notifyChanged' },
        onError: { target: 'verificationCode', actions: failure },
      },
    },
    done: { type: 'final' },
  },
});

export type EmailChangeSnapshot = SnapshotFrom<typeof emailChangeMachine>;
export type EmailChangeEvent = EventFromLogic<typeof emailChangeMachine>;
export type EmailChangeState = EmailChangeSnapshot['value'];
