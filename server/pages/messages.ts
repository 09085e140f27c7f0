import type { PasswordRejectionCode } from '../../schemas/password-policy.ts';

/** Text of the server-rendered pages. `en` is complete; other tables may fall back to it key by key. */
export type Messages = {
  signInTitle: string;
  signUpTitle: string;
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
  haveAccount: string;
  toSignIn: string;
  signingOut: string;
  backToConsole: string;
  invalidCredentials: string;
  tooManyAttempts: string;
  identifierRequired: string;
  passwordRequired: string;
  signUpIdentifierRequired: string;
  invalidUsername: string;
  invalidEmail: string;
  usernameTaken: string;
  emailTaken: string;
  passwordMismatch: string;
  interactionExpired: string;
  requestFailed: string;
  password: Record<PasswordRejectionCode, string>;
};

const en: Messages = {
  signInTitle: 'Sign in to Gatehouse',
  signUpTitle: 'Create your Gatehouse account',
  signOutTitle: 'Signing out',
  errorTitle: 'Something went wrong',
  identifierLabel: 'Username or e-mail',
  usernameLabel: 'Username',
  usernameHint: 'Give a username, an e-mail, or both.',
  emailLabel: 'E-mail',
  passwordLabel: 'Password',
  confirmPasswordLabel: 'Confirm password',
  signInButton: 'Sign in',
  createAccountButton: 'Create account',
  signOutButton: 'Sign out',
  noAccount: 'No account yet?',
  toSignUp: 'Sign up',
  haveAccount: 'Already have an account?',
  toSignIn: 'Go to sign-in',
  signingOut: 'You are being signed out…',
  backToConsole: 'Back to the console',
  invalidCredentials: 'Incorrect username, e-mail or password.',
  tooManyAttempts: 'Too many attempts. Try again later.',
  identifierRequired: 'Enter your username or e-mail.',
  passwordRequired: 'Enter your password.',
  signUpIdentifierRequired: 'Enter a username or an e-mail.',
  invalidUsername: 'A username starts with a letter or an underscore and has only letters, digits and underscores.',
  invalidEmail: 'Enter a valid e-mail address.',
  usernameTaken: 'This username is already taken.',
  emailTaken: 'An account with this e-mail already exists.',
  passwordMismatch: 'The passwords do not match.',
  interactionExpired: 'This sign-in request has expired or is unknown. Go back to the console and try again.',
  requestFailed: 'The request could not be completed.',
  password: {
    too_short: 'The password must have at least 8 characters.',
    too_long: 'The password must have at most 256 characters.',
    unsupported_characters: 'The password may only contain letters, digits, spaces and common symbols.',
    character_types: 'The password needs more kinds of characters: lowercase and uppercase letters, digits, symbols.',
    pwned: 'This password appears in a data breach. Choose another one.',
    'restricted.repetition': 'The password repeats characters too much.',
    'restricted.sequence': 'The password is mostly a sequence such as 1234 or abcd.',
    'restricted.words': 'The password contains a word that is not allowed.',
    'restricted.user_info': 'The password must not contain your username, e-mail or name.',
  },
};

const de: Messages = {
  signInTitle: 'Bei Gatehouse anmelden',
  signUpTitle: 'Gatehouse-Konto erstellen',
  signOutTitle: 'Abmelden',
  errorTitle: 'Etwas ist schiefgelaufen',
  identifierLabel: 'Benutzername oder E-Mail',
  usernameLabel: 'Benutzername',
  usernameHint: 'Geben Sie einen Benutzernamen, eine E-Mail-Adresse oder beides an.',
  emailLabel: 'E-Mail',
  passwordLabel: 'Passwort',
  confirmPasswordLabel: 'Passwort bestätigen',
  signInButton: 'Anmelden',
  createAccountButton: 'Konto erstellen',
  signOutButton: 'Abmelden',
  noAccount: 'Noch kein Konto?',
  toSignUp: 'Registrieren',
  haveAccount: 'Sie haben bereits ein Konto?',
  toSignIn: 'Zur Anmeldung',
  signingOut: 'Sie werden abgemeldet …',
  backToConsole: 'Zurück zur Konsole',
  invalidCredentials: 'Benutzername, E-Mail oder Passwort ist falsch.',
  tooManyAttempts: 'Zu viele Versuche. Bitte versuchen Sie es später erneut.',
  identifierRequired: 'Geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein.',
  passwordRequired: 'Geben Sie Ihr Passwort ein.',
  signUpIdentifierRequired: 'Geben Sie einen Benutzernamen oder eine E-Mail-Adresse ein.',
  invalidUsername:
    'Ein Benutzername beginnt mit einem Buchstaben oder Unterstrich und enthält nur Buchstaben, Ziffern und Unterstriche.',
  invalidEmail: 'Geben Sie eine gültige E-Mail-Adresse ein.',
  usernameTaken: 'Dieser Benutzername ist bereits vergeben.',
  emailTaken: 'Für diese E-Mail-Adresse gibt es bereits ein Konto.',
  passwordMismatch: 'Die Passwörter stimmen nicht überein.',
  interactionExpired: 'Diese Anmeldeanfrage ist abgelaufen oder unbekannt. Kehren Sie zur Konsole zurück und versuchen Sie es erneut.',
  requestFailed: 'Die Anfrage konnte nicht ausgeführt werden.',
  password: {
    too_short: 'Das Passwort muss mindestens 8 Zeichen lang sein.',
    too_long: 'Das Passwort darf höchstens 256 Zeichen lang sein.',
    unsupported_characters: 'Das Passwort darf nur Buchstaben, Ziffern, Leerzeichen und gängige Symbole enthalten.',
    character_types: 'Das Passwort braucht mehr Zeichenarten: Klein- und Großbuchstaben, Ziffern, Symbole.',
    pwned: 'Dieses Passwort ist aus einem Datenleck bekannt. Wählen Sie ein anderes.',
    'restricted.repetition': 'Das Passwort wiederholt zu viele Zeichen.',
    'restricted.sequence': 'Das Passwort besteht überwiegend aus einer Folge wie 1234 oder abcd.',
    'restricted.words': 'Das Passwort enthält ein nicht erlaubtes Wort.',
    'restricted.user_info': 'Das Passwort darf weder Benutzernamen, E-Mail-Adresse noch Namen enthalten.',
  },
};

export const pageLocales = { en, de } as const;
export type PageLocale = keyof typeof pageLocales;
const isPageLocale = (value: string): value is PageLocale => value in pageLocales;

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

/** Picks the page language from the auth request's ui_locales, then Accept-Language, then English. */
export const pickLocale = (uiLocales: unknown, acceptLanguage: string | undefined): PageLocale => {
  const requested = [...(typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : []), ...acceptedLanguages(acceptLanguage)];
  for (const tag of requested) {
    const lower = tag.toLowerCase();
    if (isPageLocale(lower)) return lower;
    const language = lower.split('-')[0] ?? '';
    if (isPageLocale(language)) return language;
  }
  return 'en';
};
