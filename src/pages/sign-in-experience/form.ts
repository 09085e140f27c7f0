import {
  signInExperienceGuard,
  type SignInExperiencePatch,
  type SignInExperienceSettings,
  type SignInIdentifier,
} from '#schemas/sign-in-experience.ts';
import type { ConnectorType } from '#schemas/connector.ts';
import { schemaValidator, type FieldCodes, type FieldMessages } from '#src/ui/form/form-errors.ts';

export const signInExperienceTabs = ['branding', 'sign-up-and-sign-in', 'content', 'password-policy'] as const;
export type SignInExperienceTab = (typeof signInExperienceTabs)[number];

type OptionalText = 'customCss' | 'termsOfUseUrl' | 'privacyPolicyUrl' | 'supportEmail' | 'supportWebsiteUrl' | 'unknownSessionRedirectUrl';
const optionalTexts: OptionalText[] = ['customCss', 'termsOfUseUrl', 'privacyPolicyUrl', 'supportEmail', 'supportWebsiteUrl', 'unknownSessionRedirectUrl'];
const brandingKeys = ['logoUrl', 'darkLogoUrl', 'favicon', 'darkFavicon'] as const;
export type BrandingImage = (typeof brandingKeys)[number];

/** The document as the inputs hold it: '' for a text or URL that is not set. */
export type SignInExperienceValues = Omit<SignInExperienceSettings, OptionalText | 'branding'> &
  Record<OptionalText, string> & { branding: Record<BrandingImage, string> };

export const valuesOf = (settings: SignInExperienceSettings): SignInExperienceValues => ({
  ...settings,
  ...(Object.fromEntries(optionalTexts.map((key) => [key, settings[key] ?? ''])) as Record<OptionalText, string>),
  branding: Object.fromEntries(brandingKeys.map((key) => [key, settings.branding[key] ?? ''])) as Record<BrandingImage, string>,
});

/** The document the values stand for: an empty text is null, an empty image is left out. */
export const documentOf = (values: SignInExperienceValues): SignInExperienceSettings => ({
  ...values,
  ...(Object.fromEntries(optionalTexts.map((key) => [key, values[key].trim() === '' ? null : values[key]])) as Record<OptionalText, string | null>),
  branding: Object.fromEntries(brandingKeys.filter((key) => values.branding[key].trim() !== '').map((key) => [key, values.branding[key].trim()])),
});

const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).filter(([, each]) => each !== undefined).sort(([a], [b]) => a.localeCompare(b)).map(([key, each]) => [key, canonical(each)]))
      : value;
export const sameJson = (one: unknown, other: unknown) => JSON.stringify(canonical(one)) === JSON.stringify(canonical(other));

/** The PATCH body: the top-level blocks that differ from the saved document. */
export const patchOf = (draft: SignInExperienceSettings, saved: SignInExperienceSettings): SignInExperiencePatch =>
  Object.fromEntries(Object.entries(draft).filter(([key, value]) => !sameJson(value, saved[key as keyof SignInExperienceSettings])));

/**
 * The edits moved onto a version someone else saved: each top-level block the admin changed keeps the admin's value,
 * every other block takes theirs.
 */
export const rebase = (values: SignInExperienceValues, from: SignInExperienceValues, onto: SignInExperienceValues): SignInExperienceValues =>
  Object.fromEntries(
    Object.entries(onto).map(([key, theirs]) => {
      const ours = values[key as keyof SignInExperienceValues];
      return [key, sameJson(ours, from[key as keyof SignInExperienceValues]) ? theirs : ours];
    }),
  ) as SignInExperienceValues;

/** The sign-up identifier choices; "email or SMS" is e-mail and phone as alternatives, "none" no identifier. */
export const signUpChoices = ['username', 'email', 'phone', 'emailOrPhone', 'none'] as const;
export type SignUpChoice = (typeof signUpChoices)[number];
export const identifiersOf = (choice: SignUpChoice): SignInIdentifier[] =>
  choice === 'none' ? [] : choice === 'emailOrPhone' ? ['email', 'phone'] : [choice];
export const choiceOf = (identifiers: readonly SignInIdentifier[]): SignUpChoice =>
  identifiers.length === 0 ? 'none' : identifiers.includes('email') && identifiers.includes('phone') ? 'emailOrPhone' : identifiers[0]!;

/** E-mail and phone verification codes need a connector: an e-mail one for e-mail, an SMS one for phone. */
export const needsConnector = (identifier: SignInIdentifier) => identifier !== 'username';

/** Which of the connectors that send codes the tenant has (as the server's rules count them: any of that type). */
export type CodeConnectors = { email: boolean; sms: boolean };
export const codeConnectorsOf = (connectors: readonly { type: ConnectorType }[] = []): CodeConnectors => ({
  email: connectors.some((connector) => connector.type === 'Email'),
  sms: connectors.some((connector) => connector.type === 'Sms'),
});
export const canSendCode = (identifier: SignInIdentifier, available: CodeConnectors) =>
  identifier === 'email' ? available.email : identifier === 'phone' ? available.sms : false;

/** The tab each field is on, by its path's first key. */
export const tabOf = (path: string): SignInExperienceTab => {
  const key = path.split('.')[0]!;
  if (['color', 'branding', 'customCss'].includes(key)) return 'branding';
  if (key === 'passwordPolicy') return 'password-policy';
  if (['signUp', 'signIn', 'socialSignInConnectorTargets', 'socialSignIn', 'signInMode', 'singleSignOnEnabled', 'mfa'].includes(key)) return 'sign-up-and-sign-in';
  return 'content';
};

export const errorCountsOf = (errors: Record<string, unknown>) => {
  const counts: Record<SignInExperienceTab, number> = { branding: 0, 'sign-up-and-sign-in': 0, content: 0, 'password-policy': 0 };
  for (const [path, error] of Object.entries(errors)) if (error) counts[tabOf(path)] += 1;
  return counts;
};

/** The rule messages of sign-in-experience.md §4, in the person's language. */
export type RuleMessages = {
  atLeastOneFactor: string;
  passwordlessRequiresVerify: string;
  needsConnector: string;
  codeSignInMustBeEnabled: string;
  duplicatedIdentifiers: string;
  unsupportedLanguage: string;
};

/** The rules of sign-in-experience.md §4 that the console checks before saving, on the fields they concern. */
export const ruleErrors = (values: SignInExperienceValues, rules: RuleMessages, available: CodeConnectors): Record<string, string> => {
  const errors: Record<string, string> = {};
  const { signUp, signIn } = values;
  signIn.methods.forEach((method, index) => {
    if (!method.password && !method.verificationCode) errors[`signIn.methods.${index}`] = rules.atLeastOneFactor;
    else if (method.verificationCode && !canSendCode(method.identifier, available)) errors[`signIn.methods.${index}`] = rules.needsConnector;
  });
  const identifiers = signIn.methods.map(({ identifier }) => identifier);
  if (new Set(identifiers).size !== identifiers.length) errors['signIn.methods'] = rules.duplicatedIdentifiers;
  const byCode = signUp.identifiers.some(needsConnector);
  if (byCode && !signUp.password && !signUp.verify) errors['signUp.verify'] = rules.passwordlessRequiresVerify;
  else if (signUp.verify && signUp.identifiers.some((identifier) => needsConnector(identifier) && !canSendCode(identifier, available))) errors['signUp.verify'] = rules.needsConnector;
  if (signUp.verify && !signUp.password && signIn.methods.some((method) => needsConnector(method.identifier) && !method.verificationCode)) {
    errors['signIn.methods'] ??= rules.codeSignInMustBeEnabled;
  }
  return errors;
};

export const validateValues = (messages: FieldMessages, rules: RuleMessages, available: CodeConnectors) => {
  const schema = schemaValidator<SignInExperienceSettings>(signInExperienceGuard, messages);
  return (values: SignInExperienceValues) => ({ ...ruleErrors(values, rules, available), ...schema(documentOf(values)) });
};

/** The server's rule codes on the fields they concern. */
export const ruleCodes = (rules: RuleMessages): FieldCodes => ({
  'sign_in_experiences.at_least_one_authentication_factor': ['signIn.methods', rules.atLeastOneFactor],
  'sign_in_experiences.code_sign_in_must_be_enabled': ['signIn.methods', rules.codeSignInMustBeEnabled],
  'sign_in_experiences.duplicated_sign_up_identifiers': ['signIn.methods', rules.duplicatedIdentifiers],
  'sign_in_experiences.email_verification_code_cannot_be_used_for_sign_in': ['signIn.methods', rules.needsConnector],
  'sign_in_experiences.phone_verification_code_cannot_be_used_for_sign_in': ['signIn.methods', rules.needsConnector],
  'sign_in_experiences.enabled_connector_not_found': ['signUp.verify', rules.needsConnector],
  'sign_in_experiences.passwordless_requires_verify': ['signUp.verify', rules.passwordlessRequiresVerify],
  'sign_in_experiences.unsupported_default_language': ['languageInfo.fallbackLanguage', rules.unsupportedLanguage],
});

/** `#53f` as `#5533ff`. */
export const expandHex = (hex: string) => (hex.length === 4 ? `#${hex.slice(1).split('').map((digit) => digit + digit).join('')}` : hex).toLowerCase();

/** Spec 02 §9: the dark brand colour is the primary with its HSL lightness raised by 10 points. */
export function darkColorOf(hex: string): string {
  const full = expandHex(hex);
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(full.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const lightness = (max + min) / 2;
  const delta = max - min;
  const saturation = delta === 0 ? 0 : delta / (1 - Math.abs(2 * lightness - 1));
  const sextant = delta === 0 ? 0 : max === r ? (g - b) / delta : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  const hue = (sextant + 6) % 6;
  const raised = Math.min(1, lightness + 0.1);
  const chroma = (1 - Math.abs(2 * raised - 1)) * saturation;
  const x = chroma * (1 - Math.abs((hue % 2) - 1));
  const m = raised - chroma / 2;
  const sector = Math.floor(hue);
  const [r1, g1, b1] = [[chroma, x, 0], [x, chroma, 0], [0, chroma, x], [0, x, chroma], [x, 0, chroma], [chroma, 0, x]][sector]!;
  return `#${[r1, g1, b1].map((channel) => Math.round((channel! + m) * 255).toString(16).padStart(2, '0')).join('')}`;
}
