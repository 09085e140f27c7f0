import * as z from 'zod/mini';
import { brandingUrlMaxLength, hexColorPattern } from './application-branding.ts';
import type { Edition } from './config.ts';
import { languageTagGuard } from './language-tag.ts';
import { defaultPasswordPolicy, passwordPolicyGuard } from './password-policy.ts';
import { isWebUrl } from './url.ts';

/**
 * A tenant's sign-in experience (spec 02 §3; sign-in-experience.md §2): one document per tenant that decides what its
 * sign-in pages look like and which sign-up and sign-in methods they offer.
 */

export const signInIdentifiers = ['username', 'email', 'phone'] as const;
export type SignInIdentifier = (typeof signInIdentifiers)[number];
export const signInModes = ['SignIn', 'Register', 'SignInAndRegister'] as const;
export type SignInMode = (typeof signInModes)[number];
export const agreeToTermsPolicies = ['Automatic', 'ManualRegistrationOnly', 'Manual'] as const;
export type AgreeToTermsPolicy = (typeof agreeToTermsPolicies)[number];
export const mfaFactors = ['Totp', 'WebAuthn', 'BackupCode', 'EmailVerificationCode', 'PhoneVerificationCode'] as const;
export const mfaPolicies = ['UserControlled', 'Mandatory', 'PromptAtSignInAndSignUp', 'PromptOnlyAtSignIn', 'NoPrompt'] as const;

/** Gatehouse's caps (sign-in-experience.md §3): custom CSS is on every sign-in page. */
export const customCssMaxLength = 64 * 1024;
export const customContentMaxEntries = 100;
export const supportEmailMaxLength = 254;

const hexColor = z.string().check(z.regex(hexColorPattern, 'Must be a hex colour such as #5d34f2 or #53f.'));
const webUrl = z.string().check(z.maxLength(brandingUrlMaxLength), z.refine(isWebUrl, 'Must be an http(s) URL.'));
const optionalUrl = z.nullable(webUrl);

export const signInMethodGuard = z.strictObject({
  identifier: z.enum(signInIdentifiers),
  password: z.boolean(),
  verificationCode: z.boolean(),
  isPasswordPrimary: z.boolean(),
});
export type SignInMethod = z.infer<typeof signInMethodGuard>;

export const signUpGuard = z.strictObject({
  /** The identifier a new user gives; two of them (e-mail and phone: "Email or SMS") are alternatives. Empty: "None". */
  identifiers: z.array(z.enum(signInIdentifiers)).check(z.maxLength(signInIdentifiers.length)),
  password: z.boolean(),
  verify: z.boolean(),
  /** Further identifiers a new user must give as well. */
  secondaryIdentifiers: z.optional(z.array(z.enum(signInIdentifiers)).check(z.maxLength(signInIdentifiers.length))),
});
export type SignUp = z.infer<typeof signUpGuard>;

export const signInExperienceGuard = z.strictObject({
  color: z.strictObject({ primaryColor: hexColor, isDarkModeEnabled: z.boolean(), darkPrimaryColor: hexColor }),
  branding: z.strictObject({
    logoUrl: z.optional(optionalUrl),
    darkLogoUrl: z.optional(optionalUrl),
    favicon: z.optional(optionalUrl),
    darkFavicon: z.optional(optionalUrl),
  }),
  customCss: z.nullable(
    z.string().check(
      z.maxLength(customCssMaxLength),
      z.refine((css) => !/<\/style/i.test(css), 'Custom CSS cannot contain </style.'),
    ),
  ),
  /** The fallback is a built-in language (schemas/locales.ts) or one the tenant has custom phrases for (server rule). */
  languageInfo: z.strictObject({ autoDetect: z.boolean(), fallbackLanguage: languageTagGuard }),
  termsOfUseUrl: optionalUrl,
  privacyPolicyUrl: optionalUrl,
  agreeToTermsPolicy: z.enum(agreeToTermsPolicies),
  signUp: signUpGuard,
  signIn: z.strictObject({ methods: z.array(signInMethodGuard).check(z.maxLength(signInIdentifiers.length)) }),
  socialSignInConnectorTargets: z.array(z.string().check(z.minLength(1), z.maxLength(128))).check(z.maxLength(50)),
  socialSignIn: z.strictObject({ automaticAccountLinking: z.optional(z.boolean()), skipRequiredIdentifiers: z.optional(z.boolean()) }),
  signInMode: z.enum(signInModes),
  singleSignOnEnabled: z.boolean(),
  customContent: z.record(z.string().check(z.maxLength(128)), z.string().check(z.maxLength(4096))),
  passwordPolicy: passwordPolicyGuard,
  mfa: z.strictObject({ factors: z.array(z.enum(mfaFactors)), policy: z.enum(mfaPolicies) }),
  supportEmail: z.nullable(z.string().check(z.maxLength(supportEmailMaxLength), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/))),
  supportWebsiteUrl: optionalUrl,
  unknownSessionRedirectUrl: optionalUrl,
});
export type SignInExperienceSettings = z.infer<typeof signInExperienceGuard>;

/** PATCH: each top-level key given replaces the stored value (sign-in-experience.md §8). */
export const signInExperiencePatchGuard = z.partial(signInExperienceGuard);
export type SignInExperiencePatch = z.infer<typeof signInExperiencePatchGuard>;

/** The product's brand purple, and its dark variant (spec 02 §9: primary with HSL lightness +10). */
export const defaultPrimaryColor = '#5d34f2';

/**
 * A new tenant's sign-in experience: cloud tenants sign up by e-mail, the self-hosted one by username, each with a
 * password; users sign in by username or e-mail and password. Verifying the e-mail at sign-up needs an e-mail
 * connector, which a new tenant does not have.
 */
export const defaultSignInExperienceSettings = (edition: Edition): SignInExperienceSettings => {
  const identifier: SignInIdentifier = edition === 'cloud' ? 'email' : 'username';
  const method = (id: SignInIdentifier): SignInMethod => ({ identifier: id, password: true, verificationCode: false, isPasswordPrimary: true });
  return {
    color: { primaryColor: defaultPrimaryColor, isDarkModeEnabled: false, darkPrimaryColor: '#a68bff' },
    branding: {},
    customCss: null,
    languageInfo: { autoDetect: true, fallbackLanguage: 'en' },
    termsOfUseUrl: null,
    privacyPolicyUrl: null,
    agreeToTermsPolicy: 'Automatic',
    signUp: { identifiers: [identifier], password: true, verify: false },
    signIn: { methods: edition === 'cloud' ? [method('email'), method('username')] : [method('username'), method('email')] },
    socialSignInConnectorTargets: [],
    socialSignIn: {},
    signInMode: 'SignInAndRegister',
    singleSignOnEnabled: false,
    customContent: {},
    passwordPolicy: defaultPasswordPolicy,
    mfa: { factors: [], policy: 'UserControlled' },
    supportEmail: null,
    supportWebsiteUrl: null,
    unknownSessionRedirectUrl: null,
  };
};
