import type { PasswordRejectionCode } from '../schemas/password-policy.ts';
import {
  directSocialOf,
  firstScreenOf,
  hiddenRegisterField,
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

export type FormField = 'identifier' | 'username' | 'email' | 'password' | 'confirmPassword' | 'terms';
export type FieldProblem =
  | 'required'
  | 'invalid'
  | 'not_allowed'
  | 'mismatch'
  | 'taken'
  | 'credentials'
  | 'suspended'
  | 'too_many_attempts'
  | { password: PasswordRejectionCode[] };
export type FlowErrors = Partial<Record<FormField, FieldProblem>>;
/** Why the page shows another screen than the one posted to: its settings refused the step. */
export type FlowNotice = 'registration_not_allowed' | 'sign_in_not_allowed';

export type SignInOutcome = { ok: true; accountId: string; profile?: AccountProfile } | { ok: false; reason: 'invalid_credentials' | 'suspended' | 'too_many_attempts' };
export type RegisterOutcome = { ok: true; accountId: string } | { ok: false; reason: 'too_many_attempts' | 'sign_up_closed' } | { ok: false; errors: FlowErrors };
export type ProfileOutcome = { ok: true } | { ok: false; errors: FlowErrors };
export type FlowResult = { kind: 'login'; accountId: string } | { kind: 'consent'; authorized: boolean };

/** Why a social sign-in stopped: a `connector.*` code with the provider's message, or the sign-in's own refusal. */
export type SocialProblem = { code: string; message?: string };
/** A social sign-in on its way out: where the browser goes, and what the callback must bring back (`state`) or use (`secret`). */
export type PendingSocial = { target: string; connectorId: string; state: string; secret: string };
export type SocialStart = ({ ok: true; url: string } & Omit<PendingSocial, 'target'>) | { ok: false; error: SocialProblem };
export type SocialOutcome = { ok: true; accountId: string; profile?: AccountProfile } | { ok: false; error: SocialProblem };
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
  accountId?: string;
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
  | { type: 'SOCIAL'; target: string }
  /** The provider's answer at the callback (query or form): a code and the state, or an error. */
  | { type: 'SOCIAL_CALLBACK'; data: Record<string, string> };

export type VerifyPasswordInput = { identifier: string; password: string };
export type CreateAccountInput = { values: RegisterValues; password: string; confirmPassword: string };
export type SaveProfileInput = { accountId: string; field: ProfileField; value: string };

/**
 * The problem of a sign-in submission the settings or the form refuse before any password is checked. A sign-in that
 * began at the identifier step takes only the identifiers that step offered.
 */
export const signInProblem = ({ rules, firstScreen }: Pick<SignInFlowContext, 'rules' | 'firstScreen'>, event: SignInEvent): FlowErrors | undefined => {
  const accepted = firstScreen === 'identifierSignIn' ? rules.identifierStep : rules.signInIdentifiers;
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
  return undefined;
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
