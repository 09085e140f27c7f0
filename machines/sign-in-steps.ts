import type { PasswordRejectionCode } from '../schemas/password-policy.ts';
import { phonePattern } from '../schemas/tenant-user.ts';
import { emailPattern, usernamePattern } from '../schemas/user.ts';
import {
  directSocialOf,
  firstScreenOf,
  hiddenRegisterField,
  type CodeKind,
  identifierKindOf,
  termsRequired,
  type AccountProfile,
  type FirstScreen,
  type ProfileField,
  type RegisterValues,
  rulesOf,
  type SignInFlowInput,
  type SignInFlowPrompt,
  type SignInFlowRules,
} from './sign-in-flow.ts';

/** The sign-in machine's context, events and effects (sign-in.machine.ts), and the refusals it decides before any effect. */

export type FormField = 'identifier' | 'username' | 'email' | 'phone' | 'password' | 'confirmPassword' | 'terms' | 'code';
export type FieldProblem =
  | 'required'
  | 'invalid'
  | 'not_allowed'
  | 'mismatch'
  | 'taken'
  | 'credentials'
  | 'suspended'
  | 'too_many_attempts'
  | CodeProblem
  | { password: PasswordRejectionCode[] };
/** A code's refusal: wrong, no longer valid, out of tries, asked again too soon, not sent, or of no account. */
export type CodeProblem = 'code_mismatch' | 'code_expired' | 'code_tries' | 'resend_too_soon' | 'send_failed' | 'no_account';
export type FlowErrors = Partial<Record<FormField, FieldProblem>>;
/** Why the page shows another screen than the one posted to: its settings refused the step. */
export type FlowNotice = 'registration_not_allowed' | 'sign_in_not_allowed' | 'reset_not_allowed' | 'password_reset';

export type SignInOutcome = { ok: true; accountId: string; profile?: AccountProfile } | { ok: false; reason: 'invalid_credentials' | 'suspended' | 'too_many_attempts' };
export type RegisterOutcome = { ok: true; accountId: string } | { ok: false; reason: 'too_many_attempts' | 'sign_up_closed' } | { ok: false; errors: FlowErrors };
export type ProfileOutcome = { ok: true } | { ok: false; errors: FlowErrors };
/** `registered`: this sign-in made the account (any method): its webhook event is PostRegister, not PostSignIn. */
export type FlowResult = { kind: 'login'; accountId: string; registered: boolean } | { kind: 'consent'; authorized: boolean };

export type CodeUsage = 'SignIn' | 'Register' | 'ForgotPassword';
/** A code is sent again for the same identifier only after this (spec 02 §9's 60 s). */
export const resendAfterMs = 60_000;
/** The code the flow is at: what it is for and where it went; `sentAt` 0 before it is sent, `accountId` once a reset's is typed. */
export type FlowCode = { usage: CodeUsage; kind: CodeKind; identifier: string; sentAt: number; accountId?: string };
export type SendCodeInput = Pick<FlowCode, 'usage' | 'kind' | 'identifier'>;
/** `not_allowed`: the settings no longer take a code for this (the server checks each step against them). */
export type CodeSent = { ok: true; sentAt: number } | { ok: false; reason: 'resend_too_soon'; sentAt: number } | { ok: false; reason: 'too_many_requests' | 'send_failed' | 'not_allowed' };
export type VerifyCodeInput = SendCodeInput & { code: string };
export type CodeVerified =
  | { ok: true; accountId?: string; profile?: AccountProfile }
  | { ok: false; reason: 'code_mismatch' | 'expired' | 'not_found' | 'exceed_max_try' | 'no_account' | 'suspended' | 'not_allowed' };
export type ResetPasswordInput = { accountId: string; password: string; confirmPassword: string };
export type ResetOutcome = { ok: true } | { ok: false; errors: FlowErrors };
/** Why a social sign-in stopped: a `connector.*` code with the provider's message, or the sign-in's own refusal. */
export type SocialProblem = { code: string; message?: string };
/** A social sign-in on its way out: where the browser goes, and what the callback must bring back (`state`) or use (`secret`). */
export type PendingSocial = { target: string; connectorId: string; state: string; secret: string };
export type SocialStart = ({ ok: true; url: string } & Omit<PendingSocial, 'target'>) | { ok: false; error: SocialProblem };
/** `registered`: the provider's identity was new and made the account. */
export type SocialOutcome = { ok: true; accountId: string; profile?: AccountProfile; registered?: boolean } | { ok: false; error: SocialProblem };
export type StartSocialInput = { target: string };
export type VerifySocialInput = PendingSocial & { data: Record<string, string> };

export type SignInFlowContext = {
  prompt: SignInFlowPrompt;
  rules: SignInFlowRules;
  firstScreen: FirstScreen;
  /** What the user typed (or `login_hint` gave), to fill the form again: never a password. */
  identifier: string;
  values: RegisterValues;
  errors: FlowErrors;
  notice?: FlowNotice;
  /** The step whose attempts ran out (`screens.rateLimited` shows its form again). */
  limited?: 'signIn' | 'register';
  agreed: boolean;
  code?: FlowCode;
  /** The registration's identifier a code proved. */
  verifiedIdentifier?: CodeKind;
  accountId?: string;
  /** The account was made by this sign-in (a registration, or a new social identity). */
  registered?: boolean;
  missing?: ProfileField;
  result?: FlowResult;
  redirectTo?: string;
  /** `direct_sign_in`'s social target, until the flow has gone there once. */
  direct?: string;
  /** The social button chosen, the sign-in waiting at its provider, and why the last one stopped. */
  socialTarget?: string;
  social?: PendingSocial;
  socialError?: SocialProblem;
};

export type SignInEvent = { type: 'SIGN_IN'; identifier: string; password: string; agreed: boolean };
export type RegisterEvent = { type: 'REGISTER'; values: RegisterValues; password: string; confirmPassword: string; agreed: boolean };
export type FlowEvent =
  | { type: 'SHOW_SIGN_IN' }
  | { type: 'SHOW_REGISTER' }
  | { type: 'IDENTIFY'; identifier: string }
  | SignInEvent
  | RegisterEvent
  | { type: 'AGREE' }
  | { type: 'DECLINE' }
  | { type: 'COMPLETE_PROFILE'; value: string }
  | { type: 'CONSENT'; authorize: boolean }
  | { type: 'RETRY' }
  /** The forgot-password page (without `identifier`), or its form: the identifier whose password is forgotten. */
  | { type: 'FORGOT_PASSWORD'; identifier?: string }
  | { type: 'SEND_CODE' }
  | { type: 'VERIFY_CODE'; code: string }
  | { type: 'USE_PASSWORD' }
  | { type: 'SET_PASSWORD'; password: string; confirmPassword: string }
  | { type: 'SOCIAL'; target: string }
  /** The provider's answer at the callback (query or form): a code and the state, or an error. */
  | { type: 'SOCIAL_CALLBACK'; data: Record<string, string> };

export type VerifyPasswordInput = { identifier: string; password: string };
/** `verified`: the identifier a code proved; without a password when the sign-up asks for none. */
export type CreateAccountInput = { values: RegisterValues; password: string; confirmPassword: string; verified?: CodeKind };
export type SaveProfileInput = { accountId: string; field: ProfileField; value: string };

/**
 * The problem of a sign-in submission the settings or the form refuse before any password is checked. A sign-in that
 * began at the identifier step takes only the identifiers that step offered.
 */
export const signInProblem = ({ rules, firstScreen }: Pick<SignInFlowContext, 'rules' | 'firstScreen'>, event: SignInEvent): FlowErrors | undefined => {
  const accepted = firstScreen === 'identifierSignIn' ? rules.identifierStep.filter((kind) => rules.signInIdentifiers.includes(kind)) : rules.signInIdentifiers;
  if (!event.identifier) return { identifier: 'required', ...(event.password ? {} : { password: 'required' }) };
  if (!accepted.includes(identifierKindOf(event.identifier))) return { identifier: 'not_allowed' };
  if (!event.password) return { password: 'required' };
  return undefined;
};

export const registerProblem = (rules: SignInFlowRules, event: RegisterEvent): FlowErrors | undefined => {
  const hidden = hiddenRegisterField(rules, event.values);
  if (hidden === 'phone') return { identifier: 'not_allowed' };
  if (hidden) return { [hidden]: 'not_allowed' };
  if (termsRequired(rules, 'register') && !event.agreed) return { terms: 'required' };
  return rules.signUp.verify ? identifiersProblem(rules, event.values) : undefined;
};

const patterns = { username: usernamePattern, email: emailPattern, phone: phonePattern } as const;

/** A registration whose code comes first: its identifiers are checked before the code is sent. */
const identifiersProblem = (rules: SignInFlowRules, values: RegisterValues): FlowErrors | undefined => {
  const given = rules.signUp.identifiers.filter((identifier) => values[identifier]);
  if (given.length === 0) return { [rules.signUp.identifiers[0] ?? 'email']: 'required' };
  const invalid = given.find((identifier) => !patterns[identifier].test(values[identifier] ?? ''));
  return invalid ? { [invalid]: 'invalid' } : undefined;
};

/** The identifier a registration's code goes to: its e-mail, else its phone number, when the sign-up verifies them. */
export const registerCodeOf = (rules: SignInFlowRules, values: RegisterValues): FlowCode | undefined => {
  if (!rules.signUp.verify) return undefined;
  const kind = (['email', 'phone'] as const).find((identifier) => values[identifier] && rules.signUp.identifiers.includes(identifier));
  return kind && { usage: 'Register', kind, identifier: values[kind] ?? '', sentAt: 0 };
};

/** The flow's context before its first step: the rules of its settings, its first screen, and `login_hint` filled in. */
export const initialContextOf = (input: SignInFlowInput): SignInFlowContext => {
  const rules = rulesOf(input);
  const hint = typeof input.params.login_hint === 'string' ? input.params.login_hint.trim() : '';
  return {
    prompt: input.prompt,
    rules,
    firstScreen: firstScreenOf(rules, input.params),
    direct: directSocialOf(rules, input.params),
    identifier: hint,
    values: hint ? { [identifierKindOf(hint)]: hint } : {},
    errors: {},
    agreed: false,
  };
};

/** The social sign-in waiting at its provider, as a started authorization leaves it. */
export const pendingOf = (context: Pick<SignInFlowContext, 'socialTarget'>, { connectorId, state, secret }: Omit<PendingSocial, 'target'>): PendingSocial => ({
  target: context.socialTarget ?? '',
  connectorId,
  state,
  secret,
});
