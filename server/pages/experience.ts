import { defaultPasswordPolicy, type PasswordPolicy } from '#schemas/password-policy.ts';
import { defaultSignInExperienceSettings, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { Messages } from './messages.ts';

export type Identifier = 'username' | 'email';

/**
 * What a sign-in page looks like and offers (spec 02 §3, Sign-in experience): the parts the pages read today. The
 * console's pages use the defaults; a tenant's come from `signInExperienceOf` (server/sign-in/experience.ts).
 */
export type SignInExperience = {
  /** The sign-in experience document the pages follow: the tenant's, or the console's own. */
  settings: SignInExperienceSettings;
  /** The accent colour, in the light and the dark scheme: the settings', or the application's own. */
  color: { primary: string; darkPrimary: string };
  /** The identifiers a password sign-in accepts. */
  signIn: { identifiers: Identifier[] };
  /**
   * Whether registration is offered, and the identifiers it asks for (any one of them is enough); when it is not, what
   * the sign-in page may say instead.
   */
  signUp: { enabled: boolean; identifiers: Identifier[]; closedNotice?: (t: Messages) => string };
  passwordPolicy: PasswordPolicy;
  /** The application's own presentation, when the sign-in comes from an app that has one (applications.md §7). */
  app?: AppPresentation;
};

/** What an application's pages show of it: its name, logos (light and dark scheme) and links; each may be missing. */
export type AppPresentation = {
  displayName: string | null;
  logoUrl: string | null;
  darkLogoUrl: string | null;
  termsOfUseUrl: string | null;
  privacyPolicyUrl: string | null;
};

const consoleSettings = defaultSignInExperienceSettings('self-hosted');

/** The product's own: its colours, username or e-mail with a password, registration open, spec 02 §5's password rules. */
export const defaultSignInExperience: SignInExperience = {
  settings: {
    ...consoleSettings,
    color: { ...consoleSettings.color, isDarkModeEnabled: true },
    signUp: { ...consoleSettings.signUp, identifiers: ['username', 'email'] },
  },
  color: { primary: '#5d34f2', darkPrimary: '#a68bff' },
  signIn: { identifiers: ['username', 'email'] },
  signUp: { enabled: true, identifiers: ['username', 'email'] },
  passwordPolicy: defaultPasswordPolicy,
};
