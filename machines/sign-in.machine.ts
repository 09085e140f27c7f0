import { assign, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { codeScreens, codeStates, forgotPassword } from './sign-in-code-states.ts';
import { identifierKindOf } from './sign-in-flow.ts';
import { cleared, page, signInSetup } from './sign-in-setup.ts';
import { socialStates, toSocial } from './sign-in-social-states.ts';
import { initialContextOf, registerCodeOf, type SignInFlowContext } from './sign-in-steps.ts';

export type * from './sign-in-steps.ts';

/**
 * A sign-in of a tenant's (or the console's) users (tenant-runtime.md §4): the server-rendered pages show its state,
 * each posted form is an event, and its snapshot is kept with the interaction, so any process takes the next step.
 * Passwords travel in events and effect inputs only, never in the context (the snapshot is stored).
 *
 * Verification codes (sign-in, registration's `signUp.verify`, forgot password) are the states of sign-in-code-states.ts.
 * Social sign-in is the states of sign-in-social-states.ts: from `start` (`direct_sign_in`) and the screens' buttons to
 * `verified`. Where the next issues plug in, each adding states to this machine rather than a second flow:
 * - SSO redirects: the same way as social sign-in;
 * - MFA: between `verified` and `finishing`, as `verified`'s first branch.
 */

const limitedIn = (step: 'signIn' | 'register') => () => ({ limited: step, errors: { password: 'too_many_attempts' as const } });
const forgetCode = { code: undefined, verifiedIdentifier: undefined } as const;
const loginResult = ({ context }: { context: SignInFlowContext }) => ({ kind: 'login' as const, accountId: context.accountId ?? '', registered: context.registered ?? false });

export const signInMachine = signInSetup.createMachine({
  id: 'signIn',
  context: ({ input }) => initialContextOf(input),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'consentPrompt', target: 'consent' },
        { guard: 'directSocial', target: 'socialAuthorizing', actions: assign(({ context }) => ({ socialTarget: context.direct, direct: undefined })) },
        { guard: { type: 'startsAt', params: 'register' }, target: 'screens.register' },
        { guard: { type: 'startsAt', params: 'identifierRegister' }, target: 'screens.identifierRegister' },
        { guard: { type: 'startsAt', params: 'identifierSignIn' }, target: 'screens.identifierSignIn' },
        { target: 'screens.signIn' },
      ],
    },
    /** The pages before the account is known; each accepts a sign-in or a registration posted from any of them (a form sent again after Back). */
    screens: {
      initial: 'signIn',
      on: {
        SOCIAL: toSocial,
        SHOW_SIGN_IN: [
          { guard: 'signInClosed', target: '.register', actions: assign({ notice: 'sign_in_not_allowed' as const, errors: {} }) },
          { target: '.signIn', actions: assign({ ...cleared, ...forgetCode }) },
        ],
        SHOW_REGISTER: [
          { guard: 'registrationClosed', target: '.signIn', actions: assign({ ...cleared, ...forgetCode }) },
          { target: '.register', actions: assign({ ...cleared, ...forgetCode }) },
        ],
        FORGOT_PASSWORD: forgotPassword,
        SIGN_IN: [
          { guard: 'signInClosed', target: '.register', actions: assign({ notice: 'sign_in_not_allowed' as const, errors: {} }) },
          { guard: 'signInRefused', actions: 'refuseSignIn' },
          { target: 'verifyingPassword', actions: assign(({ event }) => ({ identifier: event.identifier, agreed: event.agreed, ...cleared })) },
        ],
        REGISTER: [
          { guard: 'registrationClosed', target: '.signIn', actions: assign({ notice: 'registration_not_allowed' as const, errors: {} }) },
          { guard: 'registerRefused', target: '.register', actions: 'refuseRegister' },
          {
            guard: 'registerNeedsCode',
            target: 'sendingCode',
            actions: assign(({ context, event }) => ({ values: event.values, agreed: event.agreed, ...cleared, ...forgetCode, code: registerCodeOf(context.rules, event.values) })),
          },
          { guard: 'registerVerifies', target: '.newPassword', actions: assign(({ event }) => ({ values: event.values, agreed: event.agreed, ...cleared, ...forgetCode })) },
          { target: 'creatingAccount', actions: assign(({ event }) => ({ values: event.values, agreed: event.agreed, ...cleared, ...forgetCode })) },
        ],
      },
      states: {
        ...codeScreens,
        /** The form of the step whose attempts ran out, which says so: posting it again is checked against the limit again. */
        rateLimited: { tags: page },
        register: { tags: page },
        identifierRegister: {
          tags: page,
          on: {
            IDENTIFY: [
              { guard: 'identifierMissing', actions: assign({ errors: { identifier: 'required' as const } }) },
              {
                guard: { type: 'identifierHidden', params: 'registerStep' },
                actions: assign(({ event }) => ({ values: { [identifierKindOf(event.identifier)]: event.identifier }, errors: { identifier: 'not_allowed' as const } })),
              },
              { target: 'register', actions: assign(({ event }) => ({ values: { [identifierKindOf(event.identifier)]: event.identifier }, ...cleared })) },
            ],
          },
        },
      },
    },
    verifyingPassword: {
      invoke: {
        id: 'verifyPassword',
        src: 'verifyPassword',
        input: ({ context, event }) => ({ identifier: context.identifier, password: event.type === 'SIGN_IN' ? event.password : '' }),
        onDone: [
          {
            guard: { type: 'signedIn', params: ({ event }) => event.output },
            target: 'verified',
            actions: { type: 'signedInAs', params: ({ event }) => event.output },
          },
          { guard: { type: 'rateLimited', params: ({ event }) => event.output }, target: 'screens.rateLimited', actions: assign(limitedIn('signIn')) },
          {
            guard: 'identifierStep',
            target: 'screens.password',
            actions: assign(({ event }) => ({ errors: { password: event.output.ok || event.output.reason !== 'suspended' ? ('credentials' as const) : ('suspended' as const) } })),
          },
          {
            target: 'screens.signIn',
            actions: assign(({ event }) => ({ errors: { password: event.output.ok || event.output.reason !== 'suspended' ? ('credentials' as const) : ('suspended' as const) } })),
          },
        ],
        onError: { target: 'error' },
      },
    },
    creatingAccount: {
      invoke: {
        id: 'createAccount',
        src: 'createAccount',
        input: ({ context, event }) => ({
          values: context.values,
          password: event.type === 'REGISTER' || event.type === 'SET_PASSWORD' ? event.password : '',
          confirmPassword: event.type === 'REGISTER' || event.type === 'SET_PASSWORD' ? event.confirmPassword : '',
          ...(context.verifiedIdentifier ? { verified: context.verifiedIdentifier } : {}),
        }),
        onDone: [
          {
            guard: { type: 'registered', params: ({ event }) => event.output },
            target: 'finishing',
            actions: assign(({ event }) =>
              event.output.ok ? { accountId: event.output.accountId, registered: true, result: { kind: 'login' as const, accountId: event.output.accountId, registered: true } } : {},
            ),
          },
          { guard: { type: 'rateLimited', params: ({ event }) => event.output }, target: 'screens.rateLimited', actions: assign(limitedIn('register')) },
          {
            guard: { type: 'closedMeanwhile', params: ({ event }) => event.output },
            target: 'screens.signIn',
            actions: assign({ notice: 'registration_not_allowed' as const }),
          },
          {
            guard: { type: 'passwordRefused', params: ({ event }) => event.output },
            target: 'screens.newPassword',
            actions: assign(({ event }) => ({ errors: !event.output.ok && 'errors' in event.output ? event.output.errors : {} })),
          },
          { target: 'screens.register', actions: assign(({ event }) => ({ errors: !event.output.ok && 'errors' in event.output ? event.output.errors : {}, ...forgetCode })) },
        ],
        onError: { target: 'error' },
      },
    },
    ...codeStates,
    ...socialStates,
    /** The account is known: what it still owes before the sign-in ends (MFA comes first here, with its issue). */
    verified: {
      always: [
        { guard: 'termsPending', target: 'terms' },
        { guard: 'profileMissing', target: 'profile' },
        { target: 'finishing', actions: assign((args) => ({ result: loginResult(args) })) },
      ],
    },
    terms: {
      tags: page,
      on: {
        AGREE: { target: 'verified', actions: assign({ agreed: true, errors: {} }) },
        DECLINE: { target: 'screens.signIn', actions: assign({ accountId: undefined, registered: undefined, missing: undefined, ...cleared }) },
      },
    },
    profile: {
      tags: page,
      on: {
        COMPLETE_PROFILE: [{ guard: 'profileEmpty', actions: assign(({ context }) => ({ errors: { [context.missing ?? 'email']: 'required' as const } })) }, { target: 'savingProfile' }],
      },
    },
    savingProfile: {
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context, event }) => ({ accountId: context.accountId ?? '', field: context.missing ?? 'email', value: event.type === 'COMPLETE_PROFILE' ? event.value : '' }),
        onDone: [
          {
            guard: { type: 'saved', params: ({ event }) => event.output },
            target: 'finishing',
            actions: assign((args) => ({ missing: undefined, errors: {}, result: loginResult(args) })),
          },
          { target: 'profile', actions: assign(({ event }) => ({ errors: event.output.ok ? {} : event.output.errors })) },
        ],
        onError: { target: 'error' },
      },
    },
    consent: {
      tags: page,
      on: { CONSENT: { target: 'finishing', actions: assign(({ event }) => ({ result: { kind: 'consent' as const, authorized: event.authorize } })) } },
    },
    finishing: {
      invoke: {
        id: 'finish',
        src: 'finish',
        input: ({ context }) => context.result ?? { kind: 'consent', authorized: false },
        onDone: { target: 'done', actions: assign(({ event }) => ({ redirectTo: event.output })) },
        onError: { target: 'error' },
      },
    },
    error: { tags: page, on: { RETRY: { target: 'start', actions: assign(cleared) } } },
    done: { type: 'final' },
  },
});

export type SignInSnapshot = SnapshotFrom<typeof signInMachine>;
export type SignInFlowEvent = EventFromLogic<typeof signInMachine>;
