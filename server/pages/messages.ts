import type { PasswordRejectionCode } from '#schemas/password-policy.ts';
import { matchLocale } from '#src/i18n/language.ts';
import { sourceLocale, type Locale } from '#schemas/locales.ts';
import { messagesOf } from '../i18n/catalog.ts';

/** Text of the server-rendered pages (sign-in, sign-up, sign-out, errors); each locale's is in server/i18n/locales. */
export type Messages = {
  signInTitle: string;
  signUpTitle: string;
  /** The titles of a tenant's sign-in pages, which sign in to the tenant's application rather than to the console. */
  appSignInTitle: string;
  appSignUpTitle: string;
  /** The sign-in title of an app that gives its name. */
  signInToApp: (name: string) => string;
  termsOfUse: string;
  privacyPolicy: string;
  /** The footer's links to the tenant's support website and support e-mail. */
  supportWebsite: string;
  supportEmail: string;
  signOutTitle: string;
  errorTitle: string;
  identifierLabel: string;
  usernameLabel: string;
  usernameHint: string;
  emailLabel: string;
  passwordLabel: string;
  confirmPasswordLabel: string;
  signInButton: string;
  createAccountButton: string;
  signOutButton: string;
  noAccount: string;
  toSignUp: string;
  signUpClosed: string;
  haveAccount: string;
  toSignIn: string;
  signingOut: string;
  backToConsole: string;
  invalidCredentials: string;
  tooManyAttempts: string;
  userSuspended: string;
  identifierRequired: string;
  passwordRequired: string;
  signUpIdentifierRequired: string;
  invalidUsername: string;
  invalidEmail: string;
  usernameTaken: string;
  emailTaken: string;
  passwordMismatch: string;
  interactionExpired: string;
  appInteractionExpired: string;
  requestFailed: string;
  /** A third-party app's consent page: its title and intro, the user data each scope gives, and its two buttons. */
  consentTitle: string;
  consentIntro: (applicationName: string) => string;
  consentScopes: Record<'profile' | 'email' | 'phone' | 'address' | 'custom_data' | 'identities' | 'roles' | 'offline_access', string>;
  authorizeButton: string;
  cancelButton: string;
  password: Record<PasswordRejectionCode, string>;
  /** The sign-in flow's further screens and refusals (machines/sign-in.machine.ts). */
  flow: {
    phoneLabel: string;
    continueButton: string;
    tryAgainButton: string;
    /** The checkbox of a form that needs the terms agreed, and the notice of one that agrees by continuing; the links follow. */
    agreeToTerms: string;
    termsNotice: string;
    termsRequired: string;
    termsTitle: string;
    termsIntro: string;
    registrationNotAllowed: string;
    signInNotAllowed: string;
    identifierNotAllowed: string;
    profileTitle: string;
    profileIntro: string;
    useAnotherAccount: string;
  };
  /** Verification codes and the forgotten password (machines/sign-in-code-states.ts). */
  codes: {
    codeTitle: string;
    /** Where the code went: the e-mail or phone number as typed. */
    codeSentTo: (identifier: string) => string;
    codeLabel: string;
    resendButton: string;
    /** When a new code may be asked for: the time left, as m:ss. */
    resendIn: (wait: string) => string;
    usePassword: string;
    useCode: string;
    forgotPasswordLink: string;
    forgotTitle: string;
    forgotIntro: string;
    sendCodeButton: string;
    newPasswordTitle: string;
    createPasswordTitle: string;
    newPasswordLabel: string;
    savePasswordButton: string;
    passwordReset: string;
    resetNotAvailable: string;
    codeRequired: string;
    codeMismatch: string;
    codeExpired: string;
    codeTries: string;
    resendTooSoon: string;
    sendFailed: string;
    tooManyCodes: string;
    noAccount: string;
    codeNotAllowed: string;
    invalidPhone: string;
    phoneTaken: string;
  };
};

export const pageLocales = messagesOf('pages');

/** Parses an Accept-Language header into tags ordered by quality. */
const acceptedLanguages = (header: string | undefined) =>
  (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...parameters] = part.trim().split(';');
      const quality = parameters.map((parameter) => /^q=([\d.]+)$/.exec(parameter.trim())?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: quality ? Number(quality) : 1 };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((left, right) => right.quality - left.quality)
    .map((entry) => entry.tag);

/** A page's language: the built-in text it shows, and the language whose custom phrases go over that text. */
export type PageLanguage = { locale: Locale; phrasesTag: string };

/** The built-in text a language's page shows: the closest built-in language, else the source language. */
export const baseLocaleOf = (tag: string): Locale => matchLocale(tag) ?? sourceLocale;

/**
 * Picks the page language (sign-in-experience.md §9): the auth request's ui_locales, then Accept-Language when the
 * experience detects the browser's language, then its fallback language. A tag is chosen when it is one of the tenant's
 * `customLanguages` (its phrases over the closest built-in text, e.g. nl-BE over English) or matches a built-in one.
 */
export const pickPageLanguage = (
  uiLocales: unknown,
  acceptLanguage: string | undefined,
  { autoDetect, fallbackLanguage }: { autoDetect: boolean; fallbackLanguage: string } = { autoDetect: true, fallbackLanguage: sourceLocale },
  customLanguages: readonly string[] = [],
): PageLanguage => {
  const requested = [
    ...(typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []),
    ...(autoDetect ? acceptedLanguages(acceptLanguage) : []),
    fallbackLanguage,
  ];
  for (const tag of requested) {
    const custom = customLanguages.find((language) => language.toLowerCase() === tag.toLowerCase());
    if (custom) return { locale: baseLocaleOf(custom), phrasesTag: custom };
    const locale = matchLocale(tag);
    if (locale) return { locale, phrasesTag: locale };
  }
  return { locale: sourceLocale, phrasesTag: sourceLocale };
};

/** The built-in language of a page without custom phrases: see pickPageLanguage. */
export const pickLocale = (...[uiLocales, acceptLanguage, languageInfo]: Parameters<typeof pickPageLanguage>): Locale =>
  pickPageLanguage(uiLocales, acceptLanguage, languageInfo).locale;
