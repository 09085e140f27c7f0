import type { AgreeToTermsPolicy, SignInExperienceSettings, SignInIdentifier, SignInMode, SignUp } from '../schemas/sign-in-experience.ts';
import { signInIdentifiers } from '../schemas/sign-in-experience.ts';

/**
 * What the sign-in flow (sign-in.machine.ts) knows before its first step: the tenant's settings that shape it and the
 * authorization request's parameters (sign-in-experience.md §9). Pure, so the machine and the server read the same rules.
 */

/** The authorization parameters the flow reads; `organization_id` is accepted and ignored for now. */
export type SignInFlowParams = {
  first_screen?: unknown;
  interaction_mode?: unknown;
  identifier?: unknown;
  login_hint?: unknown;
  /** `social:{target}`: straight to that social connector, when the sign-in experience offers it. */
  direct_sign_in?: unknown;
};

export type FirstScreen = 'signIn' | 'register' | 'identifierSignIn' | 'identifierRegister';

/** The prompt the interaction answers: the sign-in itself, or a third-party app's consent once signed in. */
export type SignInFlowPrompt = 'login' | 'consent';

export type SignInFlowInput = {
  prompt: SignInFlowPrompt;
  settings: Pick<
    SignInExperienceSettings,
    'signIn' | 'signUp' | 'signInMode' | 'agreeToTermsPolicy' | 'termsOfUseUrl' | 'privacyPolicyUrl' | 'socialSignInConnectorTargets' | 'socialSignIn'
  >;
  params: SignInFlowParams;
};

/** The settings the flow follows, as it keeps them in its snapshot: every process takes the next step with the same rules. */
export type SignInFlowRules = {
  /** The identifiers a password sign-in accepts, in the configured order. */
  signInIdentifiers: SignInIdentifier[];
  /** The identifiers the `identifier:*` screens offer: the `identifier` parameter's among them, else all of them. */
  identifierStep: SignInIdentifier[];
  registerStep: SignInIdentifier[];
  signUp: Pick<SignUp, 'identifiers' | 'password'>;
  signInMode: SignInMode;
  /** The agreement policy, when there are terms to agree to (a terms or privacy link is set). */
  terms?: AgreeToTermsPolicy;
  /** The social connectors' targets the pages offer as buttons, in order. */
  socialTargets: string[];
  /** A social sign-in skips the profile step of missing sign-up identifiers (socialSignIn.skipRequiredIdentifiers). */
  socialSkipsProfile: boolean;
};

const strings = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Methods with a password only: a code-first or code-only method needs an e-mail or SMS connector, and its
 * `verificationCode` state comes with the connectors issue.
 */
const passwordIdentifiers = (settings: SignInFlowInput['settings']) =>
  settings.signIn.methods.filter((method) => method.password).map((method) => method.identifier);

export const rulesOf = ({ settings, params }: Pick<SignInFlowInput, 'settings' | 'params'>): SignInFlowRules => {
  const identifiers = passwordIdentifiers(settings);
  const asked = (strings(params.identifier) ?? '').split(/\s+/).filter((item): item is SignInIdentifier => (signInIdentifiers as readonly string[]).includes(item));
  const restricted = (offered: SignInIdentifier[]) => {
    const kept = offered.filter((identifier) => asked.includes(identifier));
    return kept.length > 0 ? kept : offered;
  };
  const signUp = settings.signUp.identifiers.filter((identifier) => identifier !== 'phone');
  return {
    signInIdentifiers: identifiers,
    identifierStep: restricted(identifiers),
    registerStep: restricted(signUp),
    signUp: { identifiers: signUp, password: settings.signUp.password },
    signInMode: settings.signInMode,
    terms: settings.termsOfUseUrl || settings.privacyPolicyUrl ? settings.agreeToTermsPolicy : undefined,
    socialTargets: settings.socialSignInConnectorTargets,
    socialSkipsProfile: settings.socialSignIn.skipRequiredIdentifiers === true,
  };
};

/** The social target `direct_sign_in=social:{target}` asks for, when the pages offer it (else the first screen shows). */
export const directSocialOf = (rules: SignInFlowRules, params: SignInFlowParams) => {
  const [method, target] = (strings(params.direct_sign_in) ?? '').split(':');
  return method === 'social' && target && rules.socialTargets.includes(target) ? target : undefined;
};

export const canRegister = (rules: SignInFlowRules) => rules.signInMode !== 'SignIn' && rules.signUp.identifiers.length > 0;
export const canSignIn = (rules: SignInFlowRules) => rules.signInMode !== 'Register';

/** `first_screen` first (the deprecated `signIn` is `sign_in`), then `interaction_mode`; `register` falls back to sign-in when registration is off. */
export const firstScreenOf = (rules: SignInFlowRules, params: SignInFlowParams): FirstScreen => {
  const asked = strings(params.first_screen) ?? (params.interaction_mode === 'signUp' ? 'register' : undefined);
  const screen: FirstScreen = asked === 'register' ? 'register' : asked === 'identifier:register' ? 'identifierRegister' : asked === 'identifier:sign_in' ? 'identifierSignIn' : 'signIn';
  const registering = screen === 'register' || screen === 'identifierRegister';
  if (registering && !canRegister(rules)) return 'signIn';
  if (!registering && !canSignIn(rules)) return 'register';
  return screen;
};

/** Whether a submission must carry the terms agreement: on sign-in with `Manual`, on registration with either manual policy. */
export const termsRequired = (rules: SignInFlowRules, on: 'signIn' | 'register') =>
  rules.terms === 'Manual' || (on === 'register' && rules.terms === 'ManualRegistrationOnly');

/** The kind of identifier a typed value is: an e-mail has an @, a phone number only digits and separators, else a username. */
export const identifierKindOf = (value: string): SignInIdentifier =>
  value.includes('@') ? 'email' : /^\+?[\d\s().-]{5,}$/.test(value) && /\d{5}/.test(value.replaceAll(/\D/g, '')) ? 'phone' : 'username';

/** The profile of a signed-in account, for the sign-up identifiers it may lack. */
export type AccountProfile = { username: string | null; email: string | null };
export type ProfileField = 'username' | 'email';

/**
 * The sign-up identifier an account lacks: one required identifier it has not got, or, when the sign-up takes any one
 * of several, none of them (the first is asked). Phone needs a verification code (the connectors issue).
 */
export const missingProfileOf = (rules: SignInFlowRules, profile: AccountProfile | undefined): ProfileField | undefined => {
  if (!profile) return undefined;
  const required = rules.signUp.identifiers.filter((identifier): identifier is ProfileField => identifier !== 'phone');
  if (required.some((identifier) => profile[identifier])) return undefined;
  return required[0];
};

export type RegisterValues = Partial<Record<SignInIdentifier, string>>;

/** A value posted for a sign-up identifier the settings do not offer: refused, not ignored. */
export const hiddenRegisterField = (rules: SignInFlowRules, values: RegisterValues) =>
  signInIdentifiers.find((identifier) => values[identifier] && !rules.signUp.identifiers.includes(identifier));
