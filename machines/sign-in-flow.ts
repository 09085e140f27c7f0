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

/** Which of the tenant's e-mail and SMS connectors exist: codes go only where one does. */
export type PasswordlessConnectors = { email: boolean; sms: boolean };
/** An identifier a code is sent to. */
export type CodeKind = 'email' | 'phone';

export type SignInFlowInput = {
  prompt: SignInFlowPrompt;
  settings: Pick<
    SignInExperienceSettings,
    'signIn' | 'signUp' | 'signInMode' | 'agreeToTermsPolicy' | 'termsOfUseUrl' | 'privacyPolicyUrl' | 'socialSignInConnectorTargets' | 'socialSignIn'
  >;
  params: SignInFlowParams;
  /** None (the console's own issuer): no codes. */
  connectors?: PasswordlessConnectors;
};

/** The settings the flow follows, as it keeps them in its snapshot: every process takes the next step with the same rules. */
export type SignInFlowRules = {
  /** The identifiers a password sign-in accepts, in the configured order. */
  signInIdentifiers: SignInIdentifier[];
  /** The identifiers a code signs in (their connector exists), and those of them whose code comes before a password. */
  codeIdentifiers: CodeKind[];
  codeFirst: CodeKind[];
  /** The identifiers the `identifier:*` screens offer: the `identifier` parameter's among them, else all of them. */
  identifierStep: SignInIdentifier[];
  registerStep: SignInIdentifier[];
  /** `verify`: a code proves the e-mail or phone before the account is made. */
  signUp: Pick<SignUp, 'identifiers' | 'password' | 'verify'>;
  /** The identifiers a forgotten password is reset by: those with a connector, when any method has a password. */
  forgotPassword: CodeKind[];
  signInMode: SignInMode;
  /** The agreement policy, when there are terms to agree to (a terms or privacy link is set). */
  terms?: AgreeToTermsPolicy;
  /** The social connectors' targets the pages offer as buttons, in order. */
  socialTargets: string[];
  /** A social sign-in skips the profile step of missing sign-up identifiers (socialSignIn.skipRequiredIdentifiers). */
  socialSkipsProfile: boolean;
};

const strings = (value: unknown) => (typeof value === 'string' ? value : undefined);

const isCodeKind = (identifier: SignInIdentifier): identifier is CodeKind => identifier !== 'username';
const connected = (connectors: PasswordlessConnectors | undefined, kind: SignInIdentifier) => (kind === 'email' ? connectors?.email : kind === 'phone' ? connectors?.sms : false) === true;

export const rulesOf = ({ settings, params, connectors }: Pick<SignInFlowInput, 'settings' | 'params' | 'connectors'>): SignInFlowRules => {
  const { methods } = settings.signIn;
  const identifiers = methods.filter((method) => method.password).map((method) => method.identifier);
  const withCode = methods.filter((method) => method.verificationCode && isCodeKind(method.identifier) && connected(connectors, method.identifier));
  const codeIdentifiers = withCode.map((method) => method.identifier as CodeKind);
  const offered = methods.map((method) => method.identifier).filter((identifier) => identifiers.includes(identifier) || codeIdentifiers.includes(identifier as CodeKind));
  const asked = (strings(params.identifier) ?? '').split(/\s+/).filter((item): item is SignInIdentifier => (signInIdentifiers as readonly string[]).includes(item));
  const restricted = (offered: SignInIdentifier[]) => {
    const kept = offered.filter((identifier) => asked.includes(identifier));
    return kept.length > 0 ? kept : offered;
  };
  // A phone number is registered only once a code proves it.
  const verify = settings.signUp.verify;
  const signUp = settings.signUp.identifiers.filter((identifier) => identifier !== 'phone' || (verify && connected(connectors, 'phone')));
  return {
    signInIdentifiers: identifiers,
    codeIdentifiers,
    codeFirst: withCode.filter((method) => !method.password || !method.isPasswordPrimary).map((method) => method.identifier as CodeKind),
    identifierStep: restricted(offered),
    registerStep: restricted(signUp),
    signUp: { identifiers: signUp, password: settings.signUp.password, verify },
    forgotPassword: identifiers.length > 0 ? (['email', 'phone'] as const).filter((kind) => connected(connectors, kind)) : [],
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

/** Whether the first screen asks for the identifier alone: some identifier signs in with a code, which comes next. */
export const identifierFirst = (rules: SignInFlowRules) => rules.codeIdentifiers.length > 0;

/** The identifiers any sign-in method accepts: by password or by code. */
export const signInKinds = (rules: SignInFlowRules): SignInIdentifier[] => [
  ...rules.signInIdentifiers,
  ...rules.codeIdentifiers.filter((kind) => !rules.signInIdentifiers.includes(kind)),
];

/** The identifier a code goes to: a typed e-mail or phone number, of a kind among `kinds`. */
export const codeKindOf = (identifier: string, kinds: readonly CodeKind[]): CodeKind | undefined => {
  const kind = identifierKindOf(identifier);
  return isCodeKind(kind) && kinds.includes(kind) ? kind : undefined;
};

/** Whether the settings take a code of this kind for this usage (they may change during a sign-in). */
export const codeUsable = (rules: SignInFlowRules, { usage, kind }: { usage: 'SignIn' | 'Register' | 'ForgotPassword'; kind: CodeKind }) => {
  if (usage === 'SignIn') return rules.codeIdentifiers.includes(kind);
  if (usage === 'Register') return rules.signUp.verify && rules.signUp.identifiers.includes(kind);
  return rules.forgotPassword.includes(kind);
};

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
