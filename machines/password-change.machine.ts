import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { passwordRejectionCodes, type PasswordRejectionCode } from '../schemas/password-policy.ts';
import { codeOf, detailsOf, errorOf, field, messageOf, provided } from './errors.ts';
import type { ErrorCode } from '../schemas/error-codes.ts';

/** The two sub-routes of /profile the flow shows (spec 01 §2, §4 password change). */
export type PasswordChangeStep = 'verifyPassword' | 'changePassword';

/** With a password the user first verifies it; without one the flow starts at setting it. */
export const passwordChangeStepOf = (hasPassword: boolean): PasswordChangeStep => (hasPassword ? 'verifyPassword' : 'changePassword');

export type PasswordChangeError = { kind: 'rejected'; codes: PasswordRejectionCode[] } | { kind: 'failed'; message: string };

export type PasswordChangeInput = { step: PasswordChangeStep };
export type PasswordChangeContext = { step: PasswordChangeStep; password?: string; error?: PasswordChangeError };
export type PasswordRequest = { password: string };

/** Server answers the flow handles itself (src/api/me.ts). */
export const passwordChangeErrorCodes = ['user.verification_required', 'password.rejected', 'user.invalid_password'] as const satisfies readonly ErrorCode[];

const isRejectionCode = (code: unknown): code is PasswordRejectionCode => (passwordRejectionCodes as readonly unknown[]).includes(code);

/** The policy codes of a 422 `password.rejected` (details.codes), else undefined. */
export function rejectionCodesOf(error: unknown): PasswordRejectionCode[] | undefined {
  if (codeOf(error) !== 'password.rejected') return undefined;
  const codes = field(detailsOf(error), 'codes');
  return Array.isArray(codes) ? codes.filter(isRejectionCode) : [];
}

const isVerificationRequired = (error: unknown) => codeOf(error) === 'user.verification_required';

type Submit = { type: 'SUBMIT'; password: string };
const submitted = { type: 'assignPassword', params: ({ event }: { event: Submit }) => event.password } as const;

/** Changing (or first setting) the password: verify-password, then change-password (spec 01 §4 password change). */
export const passwordChangeMachine = setup({
  types: {
    input: {} as PasswordChangeInput,
    context: {} as PasswordChangeContext,
    events: {} as Submit,
  },
  actors: {
    verifyPassword: fromPromise<void, PasswordRequest>(provided('verifyPassword')),
    setPassword: fromPromise<void, PasswordRequest>(provided('setPassword')),
  },
  actions: {
    /** Shows the change-password sub-route. */
    goToChangePassword: () => {},
    /** Shows the verify-password sub-route (the verification expired or never happened). */
    goToVerifyPassword: () => {},
    /** Toasts the change and returns to the profile. */
    notifyChanged: () => {},
    assignPassword: assign((_, password: string) => ({ password, error: undefined })),
  },
  guards: {
    startsAtChange: ({ context }) => context.step === 'changePassword',
    isRejected: (_, error: unknown) => rejectionCodesOf(error) !== undefined,
    isVerificationRequired: (_, error: unknown) => isVerificationRequired(error),
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({ step: input.step }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'startsAtChange', target: 'changePassword' }, { target: 'verifyPassword' }],
    },
    verifyPassword: {
      on: { SUBMIT: { target: 'verifying', actions: submitted } },
    },
    verifying: {
      invoke: {
        id: 'verifyPassword',
        src: 'verifyPassword',
        input: ({ context }) => ({ password: context.password ?? '' }),
        onDone: { target: 'changePassword', actions: [assign({ password: undefined }), 'goToChangePassword'] },
        onError: {
          target: 'verifyPassword',
          actions: assign({ password: undefined, error: ({ event }) => ({ kind: 'failed' as const, message: messageOf(event.error) }) }),
        },
      },
    },
    changePassword: {
      on: { SUBMIT: { target: 'saving', actions: submitted } },
    },
    saving: {
      invoke: {
        id: 'setPassword',
        src: 'setPassword',
        input: ({ context }) => ({ password: context.password ?? '' }),
        onDone: { target: 'done', actions: [assign({ password: undefined }), 'notifyChanged'] },
        onError: [
          {
            guard: { type: 'isVerificationRequired', params: errorOf },
            target: 'verifyPassword',
            actions: [assign({ password: undefined }), 'goToVerifyPassword'],
          },
          {
            guard: { type: 'isRejected', params: errorOf },
            target: 'changePassword',
            actions: assign({ password: undefined, error: ({ event }) => ({ kind: 'rejected' as const, codes: rejectionCodesOf(event.error) ?? [] }) }),
          },
          {
            target: 'changePassword',
            actions: assign({ password: undefined, error: ({ event }) => ({ kind: 'failed' as const, message: messageOf(event.error) }) }),
          },
        ],
      },
    },
    done: { type: 'final' },
  },
});

export type PasswordChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>;
export type PasswordChangeEvent = EventFromLogic<typeof passwordChangeMachine>;
export type PasswordChangeState = PasswordChangeSnapshot['value'];
