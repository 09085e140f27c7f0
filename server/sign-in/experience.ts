import type { ApplicationSignInExperience } from '#schemas/application-branding.ts';
import type { Edition } from '#schemas/config.ts';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { Db } from '../db/client.ts';
import { findSignInExperience } from '../tenant/applications/store.ts';
import { readSignInExperience } from '../tenant/sign-in-experience/store.ts';
import type { Identifier, SignInExperience } from '../pages/experience.ts';

/** The identifiers the pages take today: a phone number needs an SMS connector. */
const pageIdentifiers = (identifiers: readonly string[]) => identifiers.filter((id): id is Identifier => id === 'username' || id === 'email');

/** What the pages read of a tenant's document. */
export const experienceOfSettings = (settings: SignInExperienceSettings): SignInExperience => ({
  settings,
  color: { primary: settings.color.primaryColor, darkPrimary: settings.color.darkPrimaryColor },
  signIn: { identifiers: pageIdentifiers(settings.signIn.methods.filter((method) => method.password).map((method) => method.identifier)) },
  signUp: { enabled: settings.signInMode !== 'SignIn', identifiers: pageIdentifiers(settings.signUp.identifiers) },
  passwordPolicy: settings.passwordPolicy,
});

/** The app's own sign-in experience over the tenant's: its colours replace the tenant's, and its name, logos and links are shown. */
const withApplication = (
  experience: SignInExperience,
  { color, branding, displayName, termsOfUseUrl, privacyPolicyUrl }: ApplicationSignInExperience,
): SignInExperience => ({
  ...experience,
  color: { primary: color.primaryColor ?? experience.color.primary, darkPrimary: color.darkPrimaryColor ?? experience.color.darkPrimary },
  app: { displayName: displayName || null, ...branding, termsOfUseUrl, privacyPolicyUrl },
});

/**
 * The tenant's sign-in experience: its page's look and the methods it offers; with `applicationId`, the app's own
 * experience over it when the app has one (applications.md §10).
 */
export const signInExperienceOf = async (db: Db, tenantId: string, edition: Edition, applicationId?: string): Promise<SignInExperience> => {
  const [{ settings }, application] = await Promise.all([
    readSignInExperience(db, tenantId, edition),
    applicationId === undefined ? undefined : findSignInExperience(db, tenantId, applicationId),
  ]);
  const experience = experienceOfSettings(settings);
  return application ? withApplication(experience, application) : experience;
};
