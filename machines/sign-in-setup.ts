import { assign, fromPromise, setup } from 'xstate';
import { provided } from './errors.ts';
import { canRegister, canSignIn, codeKindOf, identifierKindOf, missingProfileOf, signInKinds, termsRequired, type FirstScreen, type SignInFlowInput, type SignInFlowRules } from './sign-in-flow.ts';
import {
  registerCodeOf,
  registerProblem,
  signInProblem,
  type CodeSent,
  type CodeVerified,
  type CreateAccountInput,
  type FlowCode,
  type FlowEvent,
  type FlowResult,
  type ProfileOutcome,
  type RegisterOutcome,
  type ResetOutcome,
  type ResetPasswordInput,
  type SaveProfileInput,
  type SendCodeInput,
  type SignInFlowContext,
  type SignInOutcome,
  type SocialOutcome,
  type SocialStart,
  type StartSocialInput,
  type VerifyCodeInput,
  type VerifyPasswordInput,
  type VerifySocialInput,
} from './sign-in-steps.ts';

/**
 * The sign-in machine's types, effects, guards and actions (its states: sign-in.machine.ts, sign-in-code-states.ts,
 * sign-in-social-states.ts).
 */

export const cleared = { errors: {}, notice: undefined } as const;
export const page = ['page'];

type IdentifierStep = 'identifierStep' | 'registerStep' | 'signIn';
const offeredAt = (rules: SignInFlowRules, step: IdentifierStep) => (step === 'signIn' ? signInKinds(rules) : rules[step]);

export const signInSetup = setup({
  types: {
    input: {} as SignInFlowInput,
    context: {} as SignInFlowContext,
    events: {} as FlowEvent,
  },
  actors: {
    verifyPassword: fromPromise<SignInOutcome, VerifyPasswordInput>(provided('verifyPassword')),
    createAccount: fromPromise<RegisterOutcome, CreateAccountInput>(provided('createAccount')),
    saveProfile: fromPromise<ProfileOutcome, SaveProfileInput>(provided('saveProfile')),
    /** Sends a code through the tenant's connector; answers when it was sent. */
    sendCode: fromPromise<CodeSent, SendCodeInput>(provided('sendCode')),
    /** Checks a typed code; a sign-in's answers its account, a password reset's the account it resets (if any). */
    verifyCode: fromPromise<CodeVerified, VerifyCodeInput>(provided('verifyCode')),
    resetPassword: fromPromise<ResetOutcome, ResetPasswordInput>(provided('resetPassword')),
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
    registerNeedsCode: ({ context, event }) => event.type === 'REGISTER' && registerCodeOf(context.rules, event.values) !== undefined,
    /** A verified sign-up without an e-mail or phone to prove (a username): its password comes on the next page. */
    registerVerifies: ({ context }) => context.rules.signUp.verify && context.rules.signUp.password,
    identifierMissing: ({ event }) => (event.type === 'IDENTIFY' || event.type === 'FORGOT_PASSWORD') && !event.identifier,
    /** The forgot-password page asked for, not its form posted. */
    resetPage: ({ event }) => event.type === 'FORGOT_PASSWORD' && event.identifier === undefined,
    identifierHidden: ({ context, event }, step: IdentifierStep) =>
      event.type === 'IDENTIFY' && !offeredAt(context.rules, step).includes(identifierKindOf(event.identifier)),
    codeFirst: ({ context, event }) => event.type === 'IDENTIFY' && codeKindOf(event.identifier, context.rules.codeFirst) !== undefined,
    codeRefused: ({ context }) => !codeKindOf(context.identifier, context.rules.codeIdentifiers),
    resetUnavailable: ({ context }) => context.rules.forgotPassword.length === 0,
    resetRefused: ({ context, event }) => event.type === 'FORGOT_PASSWORD' && !codeKindOf(event.identifier ?? '', context.rules.forgotPassword),
    codeEmpty: ({ event }) => event.type === 'VERIFY_CODE' && !event.code.trim(),
    passwordUnavailable: ({ context }) => context.code?.usage !== 'SignIn' || !context.rules.signInIdentifiers.includes(context.code.kind),
    usage: ({ context }, usage: FlowCode['usage']) => context.code?.usage === usage,
    signUpPassword: ({ context }) => context.rules.signUp.password,
    signedIn: (_, outcome: SignInOutcome) => outcome.ok,
    rateLimited: (_, outcome: SignInOutcome | RegisterOutcome) => !outcome.ok && 'reason' in outcome && outcome.reason === 'too_many_attempts',
    closedMeanwhile: (_, outcome: RegisterOutcome) => !outcome.ok && 'reason' in outcome && outcome.reason === 'sign_up_closed',
    registered: (_, outcome: RegisterOutcome) => outcome.ok,
    /** A verified registration refused for its password: the password page again. */
    passwordRefused: ({ context }, outcome: RegisterOutcome) =>
      context.rules.signUp.verify && context.rules.signUp.password && !outcome.ok && 'errors' in outcome && Object.keys(outcome.errors).every((key) => key === 'password' || key === 'confirmPassword'),
    saved: (_, outcome: ProfileOutcome) => outcome.ok,
    sent: (_, outcome: CodeSent) => outcome.ok || outcome.reason === 'resend_too_soon',
    verifiedCode: (_, outcome: CodeVerified) => outcome.ok,
    accountProblem: (_, outcome: CodeVerified) => !outcome.ok && (outcome.reason === 'no_account' || outcome.reason === 'suspended'),
    reset: (_, outcome: ResetOutcome) => outcome.ok,
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
    signedInAs: assign(({ context }, outcome: SignInOutcome | SocialOutcome) =>
      outcome.ok
        ? { social: undefined, accountId: outcome.accountId, registered: 'registered' in outcome && outcome.registered === true, missing: missingProfileOf(context.rules, outcome.profile) }
        : {},
    ),
    chooseSocial: assign(({ event }) => (event.type === 'SOCIAL' ? { socialTarget: event.target, social: undefined, socialError: undefined, ...cleared } : {})),
  },
});
