import { isLocale } from '#schemas/locales.ts';
import type { SignInExperienceSettings, SignInIdentifier, SignInMethod, SignUp } from '#schemas/sign-in-experience.ts';
import { fieldRefused, ok, type FieldRefusal, type Result } from '#server/result.ts';

/**
 * The rules of a tenant's sign-in experience (sign-in-experience.md §4): what makes a document one the sign-in pages
 * can follow. Some are refusals; the rest (a sign-up identifier missing from the sign-in methods, a username sign-up
 * without a password, social targets of no connector) are fixed rather than refused, as the console fixes them.
 */

/** What the rules depend on beside the document. */
export type SignInExperienceContext = {
  /** Whether the tenant has an enabled e-mail connector and an SMS connector, which send verification codes. */
  connectors: { email: boolean; sms: boolean };
  /** The targets of the tenant's social connectors. */
  socialTargets: readonly string[];
  /** The languages the tenant has custom phrases for. */
  customLanguages: readonly string[];
};

export type SignInExperienceRefusal =
  | { reason: 'sign_in_experiences.at_least_one_authentication_factor'; details: { identifier: SignInIdentifier } }
  | { reason: 'sign_in_experiences.enabled_connector_not_found'; details: { type: 'Email' | 'Sms' } }
  | { reason: 'sign_in_experiences.unsupported_default_language'; details: { languageTag: string } }
  | {
      reason:
        | 'sign_in_experiences.passwordless_requires_verify'
        | 'sign_in_experiences.code_sign_in_must_be_enabled'
        | 'sign_in_experiences.duplicated_sign_up_identifiers'
        | 'sign_in_experiences.email_verification_code_cannot_be_used_for_sign_in'
        | 'sign_in_experiences.phone_verification_code_cannot_be_used_for_sign_in';
      details?: undefined;
    }
  | FieldRefusal;

type RuleRefusal = Exclude<SignInExperienceRefusal, FieldRefusal>;

const refused = (refusal: RuleRefusal) => ({ ok: false as const, ...refusal });

const hasDuplicates = (values: readonly string[]) => new Set(values).size !== values.length;

/** A username sign-up always sets a password: a username cannot receive a code. */
const normalizedSignUp = (signUp: SignUp): SignUp => (signUp.identifiers.includes('username') ? { ...signUp, password: true } : signUp);

/** Every identifier a new user gives: a user must be able to sign in with it. */
const signUpIdentifiers = (signUp: SignUp) => [...new Set([...signUp.identifiers, ...(signUp.secondaryIdentifiers ?? [])])];

/** The sign-in methods with a method added, last, for each sign-up identifier they do not offer. */
const withSignUpMethods = (methods: readonly SignInMethod[], signUp: SignUp): SignInMethod[] => {
  const offered = new Set(methods.map((method) => method.identifier));
  const added = signUpIdentifiers(signUp)
    .filter((identifier) => !offered.has(identifier))
    .map((identifier) => ({ identifier, password: signUp.password, verificationCode: identifier !== 'username' && signUp.verify, isPasswordPrimary: true }));
  return [...methods, ...added];
};

const connectorOf = { email: { key: 'email', type: 'Email' }, phone: { key: 'sms', type: 'Sms' } } as const;

/** The first identifier that needs a connector the tenant lacks: one that gets a code at sign-up or at sign-in. */
const missingConnector = (signUp: SignUp, methods: readonly SignInMethod[], { connectors }: SignInExperienceContext) => {
  const needingCodes = [
    ...(signUp.verify ? signUpIdentifiers(signUp) : []),
    ...methods.filter((method) => method.verificationCode).map((method) => method.identifier),
  ];
  for (const identifier of needingCodes) {
    if (identifier === 'username') continue;
    const connector = connectorOf[identifier];
    if (!connectors[connector.key]) return connector.type;
  }
  return undefined;
};

const structureRefusal = (signUp: SignUp, methods: readonly SignInMethod[]): SignInExperienceRefusal | undefined => {
  const secondary = signUp.secondaryIdentifiers ?? [];
  if (hasDuplicates(signUp.identifiers) || hasDuplicates(secondary) || secondary.some((identifier) => signUp.identifiers.includes(identifier))) {
    return { reason: 'sign_in_experiences.duplicated_sign_up_identifiers' };
  }
  const seen = new Set<SignInIdentifier>();
  for (const [index, method] of methods.entries()) {
    if (seen.has(method.identifier)) return { reason: 'guard.invalid_input', field: `signIn.methods.${index}.identifier`, message: 'Each identifier is a sign-in method once.' };
    seen.add(method.identifier);
    if (method.identifier === 'username' && method.verificationCode) {
      return { reason: 'guard.invalid_input', field: `signIn.methods.${index}.verificationCode`, message: 'A username cannot receive a verification code.' };
    }
  }
  return undefined;
};

const factorRefusal = (signUp: SignUp, methods: readonly SignInMethod[], mfa: SignInExperienceSettings['mfa']): RuleRefusal | undefined => {
  const withoutFactor = methods.find((method) => !method.password && !method.verificationCode);
  if (withoutFactor) return { reason: 'sign_in_experiences.at_least_one_authentication_factor', details: { identifier: withoutFactor.identifier } };
  const receivesCode = signUpIdentifiers(signUp).some((identifier) => identifier !== 'username');
  if (receivesCode && !signUp.password && !signUp.verify) return { reason: 'sign_in_experiences.passwordless_requires_verify' };
  // Without a password, a new user can only ever sign in with a code.
  if (receivesCode && signUp.verify && !signUp.password && methods.some((method) => method.identifier !== 'username' && !method.verificationCode)) {
    return { reason: 'sign_in_experiences.code_sign_in_must_be_enabled' };
  }
  const codeSignIn = (identifier: SignInIdentifier) => methods.some((method) => method.identifier === identifier && method.verificationCode);
  if (mfa.factors.includes('EmailVerificationCode') && codeSignIn('email')) {
    return { reason: 'sign_in_experiences.email_verification_code_cannot_be_used_for_sign_in' };
  }
  if (mfa.factors.includes('PhoneVerificationCode') && codeSignIn('phone')) {
    return { reason: 'sign_in_experiences.phone_verification_code_cannot_be_used_for_sign_in' };
  }
  return undefined;
};

/**
 * The document as the tenant's sign-in pages will follow it, or why it cannot be: the document's own consistency
 * first, then what the tenant has set up for it (connectors, languages).
 */
export const checkSignInExperience = (
  settings: SignInExperienceSettings,
  context: SignInExperienceContext,
): Result<SignInExperienceSettings, SignInExperienceRefusal> => {
  const signUp = normalizedSignUp(settings.signUp);
  const structure = structureRefusal(signUp, settings.signIn.methods);
  if (structure?.reason === 'guard.invalid_input') return fieldRefused(structure.field, structure.message);
  if (structure) return refused(structure);
  const methods = withSignUpMethods(settings.signIn.methods, signUp);
  const factors = factorRefusal(signUp, methods, settings.mfa);
  if (factors) return refused(factors);
  const connector = missingConnector(signUp, methods, context);
  if (connector) return refused({ reason: 'sign_in_experiences.enabled_connector_not_found', details: { type: connector } });
  const { fallbackLanguage } = settings.languageInfo;
  if (!isLocale(fallbackLanguage) && !context.customLanguages.includes(fallbackLanguage)) {
    return refused({ reason: 'sign_in_experiences.unsupported_default_language', details: { languageTag: fallbackLanguage } });
  }
  const socialTargets = new Set(context.socialTargets);
  return ok({
    ...settings,
    signUp,
    signIn: { methods },
    socialSignInConnectorTargets: [...new Set(settings.socialSignInConnectorTargets)].filter((target) => socialTargets.has(target)),
  });
};
