import { messagesOf } from '../i18n/catalog.ts';

/** Text of the sign-in pages' social part: the buttons, and what a refused social sign-in says (each locale's in server/i18n/locales). */
export type SocialSignInMessages = {
  continueWith: (name: string) => string;
  /** Between the form and the social buttons. */
  or: string;
  errorTitle: string;
  /** connector.authorization_failed: cancelled or refused at the provider. */
  authorizationFailed: string;
  /** connector.social_auth_code_invalid, social_invalid_access_token, social_invalid_id_token. */
  codeInvalid: string;
  rateLimited: string;
  /** Any other connector error: the provider or its configuration does not work. */
  unavailable: string;
  /** social.invalid_state: the callback belongs to no live sign-in. */
  invalidState: string;
  /** user.identity_not_exist: no user has the identity, and registration is closed. */
  identityNotExist: string;
  /** connector.not_found: the button's connector is gone. */
  notFound: string;
  providerSaid: (message: string) => string;
  backToSignIn: string;
};

export const socialSignInLocales = messagesOf('socialSignIn');
