import { assign, fromPromise, setup, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { provided } from './errors.ts';
import { canRegister, canSignIn, identifierKindOf, missingProfileOf, termsRequired, type FirstScreen, type SignInFlowInput } from './sign-in-flow.ts';
import { initialContextOf, pendingOf, registerProblem, signInProblem } from './sign-in-steps.ts';
import type { CreateAccountInput, FlowEvent, FlowResult, ProfileOutcome, RegisterOutcome, SaveProfileInput, SignInFlowContext, SignInOutcome } from './sign-in-steps.ts';
import type { SocialOutcome, SocialStart, StartSocialInput, VerifyPasswordInput, VerifySocialInput } from './sign-in-steps.ts';

export type * from './sign-in-steps.ts';

/**
 * A sign-in of a tenant's (or the console's) users (tenant-runtime.md §4): the server-rendered pages show its state,
 * each posted form is an event, and its snapshot is kept with the interaction, so any process takes the next step.
 * Passwords travel in events and effect inputs only, never in the context (the snapshot is stored).
 *
 * Where the next issues plug in, each adding states to this machine rather than a second flow:
 * - verification codes: a `verificationCode` state after the identifier step, for methods whose code comes first
 *   (`isPasswordPrimary: false`) or without a password; until then such methods are not offered (rulesOf);
 * - social sign-in (done), from `start` (`direct_sign_in`) and the screens' buttons to `verified`; SSO goes the same way;
 * - MFA: between `verified` and `finishing`, as `verified`'s first branch.
 */

const cleared = { errors: {}, notice: undefined } as const;
const limitedIn = (step: 'signIn' | 'register') => () => ({ limited: step, errors: { password: 'too_many_attempts' as const } });
const page = ['page'];
const toSocial = { guard: 'socialOffered', target: '#signIn.socialAuthorizing', actions: 'chooseSocial' } as const;

export const signInMachine = setup({
  types: {
    input: {} as SignInFlowInput,
    context: {} as SignInFlowContext,
    events: {} as FlowEvent,
  },
  actors: {
    verifyPassword: fromPromise<SignInOutcome, VerifyPasswordInput>(provided('verifyPassword')),
    createAccount: fromPromise<RegisterOutcome, CreateAccountInput>(provided('createAccount')),
    saveProfile: fromPromise<ProfileOutcome, SaveProfileInput>(provided('saveProfile')),
    startSocial: fromPromise<SocialStart, StartSocialInput>(provided('startSocial')),
    verifySocial: fromPromise<SocialOutcome, VerifySocialInput>(provided('verifySocial')),
    /** Hands the result to the OIDC flow; answers where the browser goes next. */
    finish: fromPromise<string, FlowResult>(provided('finish')),
  },
  guards: {
    consentPrompt: ({ context }) => context.prompt === 'consent',
    startsAt: ({ context }, screen: FirstScreen) => context.firstScreen === screen,
    signInClosed: ({ context }) => !canSignIn(context.rules),
    registrationClosed: ({ context }) => !canRegister(context.rules),
    signInRefused: ({ context, event }) => event.type === 'SIGN_IN' && signInProblem(context, event) !== undefined,
    registerRefused: ({ context, event }) => event.type === 'REGISTER' && registerProblem(context.rules, event) !== undefined,
    identifierMissing: ({ event }) => event.type === 'IDENTIFY' && !event.identifier,
    identifierHidden: ({ context, event }, step: 'identifierStep' | 'registerStep') =>
      event.type === 'IDENTIFY' && !context.rules[step].includes(identifierKindOf(event.identifier)),
    signedIn: (_, outcome: SignInOutcome) => outcome.ok,
    rateLimited: (_, outcome: SignInOutcome | RegisterOutcome) => !outcome.ok && 'reason' in outcome && outcome.reason === 'too_many_attempts',
    closedMeanwhile: (_, outcome: RegisterOutcome) => !outcome.ok && 'reason' in outcome && outcome.reason === 'sign_up_closed',
    registered: (_, outcome: RegisterOutcome) => outcome.ok,
    saved: (_, outcome: ProfileOutcome) => outcome.ok,
    termsPending: ({ context }) => termsRequired(context.rules, 'signIn') && !context.agreed,
    profileMissing: ({ context }) => context.missing !== undefined,
    profileEmpty: ({ event }) => event.type === 'COMPLETE_PROFILE' && !event.value,
    identifierStep: ({ context }) => context.firstScreen === 'identifierSignIn',
    directSocial: ({ context }) => context.direct !== undefined,
    socialOffered: ({ context, event }) => event.type === 'SOCIAL' && context.rules.socialTargets.includes(event.target),
    succeeded: (_, outcome: SocialStart | SocialOutcome) => outcome.ok,
    /** The state the provider brings back is the one this sign-in sent. */
    stateMatches: ({ context, event }) => event.type === 'SOCIAL_CALLBACK' && context.social !== undefined && event.data.state === context.social.state,
  },
  actions: {
    refuseSignIn: assign(({ context, event }) =>
      event.type === 'SIGN_IN' ? { identifier: event.identifier, errors: signInProblem(context, event) ?? {}, notice: undefined } : {},
    ),
    refuseRegister: assign(({ context, event }) =>
      event.type === 'REGISTER' ? { values: event.values, errors: registerProblem(context.rules, event) ?? {}, notice: undefined } : {},
    ),
    signedInAs: assign(({ context }, outcome: SignInOutcome | SocialOutcome) => (outcome.ok ? { social: undefined, accountId: outcome.accountId, missing: missingProfileOf(context.rules, outcome.profile) } : {})),
    chooseSocial: assign(({ event }) => (event.type === 'SOCIAL' ? { socialTarget: event.target, social: undefined, socialError: undefined, ...cleared } : {})),
  },
}).createMachine({
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
          { target: '.signIn', actions: assign(cleared) },
        ],
        SHOW_REGISTER: [{ guard: 'registrationClosed', target: '.signIn', actions: assign(cleared) }, { target: '.register', actions: assign(cleared) }],
        SIGN_IN: [
          { guard: 'signInClosed', target: '.register', actions: assign({ notice: 'sign_in_not_allowed' as const, errors: {} }) },
          { guard: 'signInRefused', actions: 'refuseSignIn' },
          { target: 'verifyingPassword', actions: assign(({ event }) => ({ identifier: event.identifier, agreed: event.agreed, ...cleared })) },
        ],
        REGISTER: [
          { guard: 'registrationClosed', target: '.signIn', actions: assign({ notice: 'registration_not_allowed' as const, errors: {} }) },
          { guard: 'registerRefused', target: '.register', actions: 'refuseRegister' },
          { target: 'creatingAccount', actions: assign(({ event }) => ({ values: event.values, agreed: event.agreed, ...cleared })) },
        ],
      },
      states: {
        signIn: { tags: page },
        identifierSignIn: {
          tags: page,
          on: {
            IDENTIFY: [
              { guard: 'identifierMissing', actions: assign({ errors: { identifier: 'required' as const } }) },
              { guard: { type: 'identifierHidden', params: 'identifierStep' }, actions: assign(({ event }) => ({ identifier: event.identifier, errors: { identifier: 'not_allowed' as const } })) },
              { target: 'password', actions: assign(({ event }) => ({ identifier: event.identifier, ...cleared })) },
            ],
          },
        },
        password: { tags: page },
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
          password: event.type === 'REGISTER' ? event.password : '',
          confirmPassword: event.type === 'REGISTER' ? event.confirmPassword : '',
        }),
        onDone: [
          {
            guard: { type: 'registered', params: ({ event }) => event.output },
            target: 'finishing',
            actions: assign(({ event }) => (event.output.ok ? { accountId: event.output.accountId, result: { kind: 'login' as const, accountId: event.output.accountId } } : {})),
          },
          { guard: { type: 'rateLimited', params: ({ event }) => event.output }, target: 'screens.rateLimited', actions: assign(limitedIn('register')) },
          {
            guard: { type: 'closedMeanwhile', params: ({ event }) => event.output },
            target: 'screens.signIn',
            actions: assign({ notice: 'registration_not_allowed' as const }),
          },
          { target: 'screens.register', actions: assign(({ event }) => ({ errors: !event.output.ok && 'errors' in event.output ? event.output.errors : {} })) },
        ],
        onError: { target: 'error' },
      },
    },
    /** A social button (or `direct_sign_in`): the connector's authorization URL, with a state bound to this sign-in. */
    socialAuthorizing: {
      invoke: {
        id: 'startSocial',
        src: 'startSocial',
        input: ({ context }) => ({ target: context.socialTarget ?? '' }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'socialRedirect',
            actions: assign(({ context, event }) => (event.output.ok ? { redirectTo: event.output.url, social: pendingOf(context, event.output) } : {})),
          },
          { target: 'socialError', actions: assign(({ event }) => ({ socialError: event.output.ok ? undefined : event.output.error })) },
        ],
        onError: { target: 'error' },
      },
    },
    /** The browser is at the provider (`redirectTo`); its callback brings the state back. */
    socialRedirect: {
      tags: page,
      on: {
        SOCIAL_CALLBACK: [{ guard: 'stateMatches', target: 'verifyingSocial' }, { target: 'socialError', actions: assign({ social: undefined, socialError: { code: 'social.invalid_state' } }) }],
        SOCIAL: toSocial,
        SHOW_SIGN_IN: { target: 'start', actions: assign({ social: undefined }) },
      },
    },
    /** The code exchanged for the provider's profile: a returning identity signs in, a new one links or registers. */
    verifyingSocial: {
      invoke: {
        id: 'verifySocial',
        src: 'verifySocial',
        input: ({ context, event }) => ({ ...context.social!, data: event.type === 'SOCIAL_CALLBACK' ? event.data : {} }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => event.output },
            target: 'verified',
            actions: { type: 'signedInAs', params: ({ event }) => event.output },
          },
          { target: 'socialError', actions: assign(({ event }) => ({ social: undefined, socialError: event.output.ok ? undefined : event.output.error })) },
        ],
        onError: { target: 'error' },
      },
    },
    /** The provider or the sign-in refused: its message, and the way back. */
    socialError: { tags: page, on: { SOCIAL: toSocial, RETRY: { target: 'start', actions: assign({ socialError: undefined, ...cleared }) } } },
    /** The account is known: what it still owes before the sign-in ends (MFA comes first here, with its issue). */
    verified: {
      always: [
        { guard: 'termsPending', target: 'terms' },
        { guard: 'profileMissing', target: 'profile' },
        { target: 'finishing', actions: assign(({ context }) => ({ result: { kind: 'login' as const, accountId: context.accountId ?? '' } })) },
      ],
    },
    terms: {
      tags: page,
      on: {
        AGREE: { target: 'verified', actions: assign({ agreed: true, errors: {} }) },
        DECLINE: { target: 'screens.signIn', actions: assign({ accountId: undefined, missing: undefined, ...cleared }) },
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
            actions: assign(({ context }) => ({ missing: undefined, errors: {}, result: { kind: 'login' as const, accountId: context.accountId ?? '' } })),
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
