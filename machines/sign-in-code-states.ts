import { assign } from 'xstate';
import { codeKindOf, identifierKindOf, missingProfileOf } from './sign-in-flow.ts';
import { cleared, page, signInSetup } from './sign-in-setup.ts';
import type { CodeProblem, CodeSent, CodeVerified, FlowCode, SignInFlowContext } from './sign-in-steps.ts';

/**
 * The sign-in machine's states for verification codes (tenant-runtime.md §4): a code to sign in (first, only, or instead
 * of a password), to prove a new account's e-mail or phone, and to reset a forgotten password; its resend after 60 s.
 * The screens here are children of `screens`; the effects' states sit beside it.
 */

const codeProblems: Record<Exclude<CodeVerified, { ok: true }>['reason'], CodeProblem | 'suspended' | 'not_allowed'> = {
  not_allowed: 'not_allowed',
  code_mismatch: 'code_mismatch',
  expired: 'code_expired',
  not_found: 'code_expired',
  exceed_max_try: 'code_tries',
  no_account: 'no_account',
  suspended: 'suspended',
};

const signInCode = (identifier: string, kind: FlowCode['kind']): FlowCode => ({ usage: 'SignIn', kind, identifier, sentAt: 0 });

/** A screen taking an identifier (the first screen, or the identifier step): its code first, or its password. */
const identifyingScreen = (step: 'signIn' | 'identifierStep') =>
  signInSetup.createStateConfig({
    tags: page,
    on: {
      IDENTIFY: [
        { guard: 'identifierMissing', actions: assign({ errors: { identifier: 'required' as const } }) },
        { guard: { type: 'identifierHidden', params: step }, actions: assign(({ event }) => ({ identifier: event.identifier, errors: { identifier: 'not_allowed' as const } })) },
        {
          guard: 'codeFirst',
          target: '#signIn.sendingCode',
          actions: assign(({ event }) => ({ identifier: event.identifier, code: signInCode(event.identifier, identifierKindOf(event.identifier) as FlowCode['kind']), ...cleared })),
        },
        { target: 'password', actions: assign(({ event }) => ({ identifier: event.identifier, ...cleared })) },
      ],
    },
  });

export const codeScreens = {
  signIn: identifyingScreen('signIn'),
  identifierSignIn: identifyingScreen('identifierStep'),
  /** The password of a known identifier; "sign in with a code instead" where its method takes one. */
  password: signInSetup.createStateConfig({
    tags: page,
    on: {
      SEND_CODE: [
        { guard: 'codeRefused', actions: assign({ errors: { identifier: 'not_allowed' as const }, notice: undefined }) },
        {
          target: '#signIn.sendingCode',
          actions: assign(({ context }) => ({ code: signInCode(context.identifier, codeKindOf(context.identifier, context.rules.codeIdentifiers) ?? 'email'), ...cleared })),
        },
      ],
    },
  }),
  /** The code's form, with its resend (after 60 s) and, for a sign-in whose method also takes one, the password instead. */
  code: signInSetup.createStateConfig({
    tags: page,
    on: {
      VERIFY_CODE: [
        { guard: 'codeEmpty', actions: assign({ errors: { code: 'required' as const } }) },
        { target: '#signIn.verifyingCode', actions: assign(cleared) },
      ],
      SEND_CODE: { target: '#signIn.resendingCode', actions: assign(cleared) },
      USE_PASSWORD: [
        { guard: 'passwordUnavailable', actions: assign({ errors: { code: 'not_allowed' as const } }) },
        { target: 'password', actions: assign({ code: undefined, ...cleared }) },
      ],
    },
  }),
  /** The identifier whose password is forgotten (its form is posted as FORGOT_PASSWORD, handled by `screens`). */
  forgotPassword: signInSetup.createStateConfig({ tags: page }),
  /** A new password: a registration's once its code proved the identifier, or a reset's. */
  newPassword: signInSetup.createStateConfig({
    tags: page,
    on: {
      SET_PASSWORD: [
        { guard: { type: 'usage', params: 'ForgotPassword' }, target: '#signIn.resettingPassword', actions: assign(cleared) },
        { target: '#signIn.creatingAccount', actions: assign(cleared) },
      ],
    },
  }),
};

/** Back to the form that asked for the code, with the refusal (in `errors`). */
const backToForm = [
  { guard: { type: 'usage' as const, params: 'Register' as const }, target: 'screens.register' },
  { guard: { type: 'usage' as const, params: 'ForgotPassword' as const }, target: 'screens.forgotPassword' },
  { guard: 'identifierStep' as const, target: 'screens.identifierSignIn' },
  { target: 'screens.signIn' },
];


/**
 * The forgot-password page, or its form posted from any screen (sent again after Back): the same answer whether an
 * account has the identifier or not.
 */
export const forgotPassword = signInSetup.createStateConfig({
  on: {
    FORGOT_PASSWORD: [
      { guard: 'signInClosed', target: '.register', actions: assign({ notice: 'sign_in_not_allowed' as const, errors: {} }) },
      { guard: 'resetUnavailable', target: '.signIn', actions: assign({ notice: 'reset_not_allowed' as const, errors: {}, code: undefined }) },
      { guard: 'resetPage', target: '.forgotPassword', actions: assign({ ...cleared, code: undefined }) },
      { guard: 'identifierMissing', target: '.forgotPassword', actions: assign({ identifier: '', errors: { identifier: 'required' as const }, notice: undefined }) },
      {
        guard: 'resetRefused',
        target: '.forgotPassword',
        actions: assign(({ event }) => ({ identifier: event.identifier ?? '', errors: { identifier: 'not_allowed' as const }, notice: undefined })),
      },
      {
        target: 'sendingCode',
        actions: assign(({ context, event }) => {
          const identifier = event.identifier ?? '';
          return { identifier, code: { usage: 'ForgotPassword' as const, kind: codeKindOf(identifier, context.rules.forgotPassword) ?? 'email', identifier, sentAt: 0 }, ...cleared };
        }),
      },
    ],
  },
}).on.FORGOT_PASSWORD;

/** The code the flow is at, as the send effect takes it. */
const codeInput = ({ context }: { context: SignInFlowContext }) => ({
  usage: context.code?.usage ?? 'SignIn',
  kind: context.code?.kind ?? 'email',
  identifier: context.code?.identifier ?? '',
});

const notSent = (outcome: CodeSent) => {
  const reason = outcome.ok ? 'send_failed' : outcome.reason;
  return reason === 'not_allowed' || reason === 'send_failed' ? reason : 'too_many_attempts';
};

/** Sends the code; a refusal goes to `refused` (the form it came from, or the code's own page for a resend). */
const sending = (refused: 'codeNotSent' | 'screens.code') =>
  signInSetup.createStateConfig({
    invoke: {
      id: 'sendCode',
      src: 'sendCode',
      input: codeInput,
      onDone: [
        {
          guard: { type: 'sent', params: ({ event }) => event.output },
          target: 'screens.code',
          actions: assign(({ context, event }) => ({
            code: context.code && { ...context.code, sentAt: 'sentAt' in event.output ? event.output.sentAt : context.code.sentAt },
            errors: event.output.ok ? {} : { code: 'resend_too_soon' as const },
          })),
        },
        { target: refused, actions: assign(({ event }) => ({ errors: { code: notSent(event.output) } })) },
      ],
      onError: { target: 'error' },
    },
  });

export const codeStates = {
  sendingCode: sending('codeNotSent'),
  codeNotSent: signInSetup.createStateConfig({ always: backToForm }),
  /** "Send a new code" on the code's page, which shows the outcome. */
  resendingCode: sending('screens.code'),
  verifyingCode: signInSetup.createStateConfig({
    invoke: {
      id: 'verifyCode',
      src: 'verifyCode',
      input: ({ context, event }) => ({
        usage: context.code?.usage ?? 'SignIn',
        kind: context.code?.kind ?? 'email',
        identifier: context.code?.identifier ?? '',
        code: event.type === 'VERIFY_CODE' ? event.code.trim() : '',
      }),
      onDone: [
        {
          guard: { type: 'verifiedCode', params: ({ event }) => event.output },
          target: 'codeVerified',
          actions: assign(({ context, event }) => {
            const { code, rules } = context;
            const accountId = event.output.ok ? event.output.accountId : undefined;
            if (code?.usage === 'SignIn') return { accountId, registered: false, missing: missingProfileOf(rules, event.output.ok ? event.output.profile : undefined) };
            if (code?.usage === 'Register') return { verifiedIdentifier: code.kind };
            return { code: code && { ...code, accountId } };
          }),
        },
        {
          guard: { type: 'accountProblem', params: ({ event }) => event.output },
          target: 'accountRefused',
          actions: assign(({ event }) => ({ code: undefined, errors: { identifier: !event.output.ok && event.output.reason === 'suspended' ? ('suspended' as const) : ('no_account' as const) } })),
        },
        { target: 'screens.code', actions: assign(({ event }) => ({ errors: { code: event.output.ok ? ('code_mismatch' as const) : codeProblems[event.output.reason] } })) },
      ],
      onError: { target: 'error' },
    },
  }),
  /** A sign-in's code typed right for an identifier of no account (or a suspended one): the first screen says so. */
  accountRefused: signInSetup.createStateConfig({ always: [{ guard: 'identifierStep', target: 'screens.identifierSignIn' }, { target: 'screens.signIn' }] }),
  /** A code typed right: what its usage goes on to. */
  codeVerified: signInSetup.createStateConfig({
    always: [
      { guard: { type: 'usage', params: 'SignIn' }, target: 'verified', actions: assign({ code: undefined }) },
      { guard: { type: 'usage', params: 'ForgotPassword' }, target: 'screens.newPassword' },
      { guard: 'signUpPassword', target: 'screens.newPassword' },
      { target: 'creatingAccount' },
    ],
  }),
  resettingPassword: signInSetup.createStateConfig({
    invoke: {
      id: 'resetPassword',
      src: 'resetPassword',
      input: ({ context, event }) => ({
        accountId: context.code?.accountId ?? '',
        password: event.type === 'SET_PASSWORD' ? event.password : '',
        confirmPassword: event.type === 'SET_PASSWORD' ? event.confirmPassword : '',
      }),
      onDone: [
        {
          guard: { type: 'reset', params: ({ event }) => event.output },
          target: 'screens.signIn',
          actions: assign(({ context }) => ({ identifier: context.code?.identifier ?? context.identifier, code: undefined, errors: {}, notice: 'password_reset' as const })),
        },
        { target: 'screens.newPassword', actions: assign(({ event }) => ({ errors: event.output.ok ? {} : event.output.errors })) },
      ],
      onError: { target: 'error' },
    },
  }),
};
