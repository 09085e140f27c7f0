import type { ApplicationSignInExperience } from '#schemas/application-branding.ts';
import type { Edition } from '#schemas/config.ts';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { Db } from '../db/client.ts';
import { findApplication, findSignInExperience } from '../tenant/applications/store.ts';
import { signInExperienceSettingsOf } from '../tenant/sign-in-experience/cached.ts';
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

/**
 * The app's own sign-in experience over the tenant's (applications.md §7): its colours replace the tenant's, and its
 * logos and links are shown. Its display name, else its name, is what the user signs in to.
 */
const withApplication = (experience: SignInExperience, name: string, own: ApplicationSignInExperience | undefined): SignInExperience => ({
  ...experience,
  color: { primary: own?.color.primaryColor ?? experience.color.primary, darkPrimary: own?.color.darkPrimaryColor ?? experience.color.darkPrimary },
  app: {
    displayName: own?.displayName || name,
    logoUrl: own?.branding.logoUrl ?? null,
    darkLogoUrl: own?.branding.darkLogoUrl ?? null,
    termsOfUseUrl: own?.termsOfUseUrl ?? null,
    privacyPolicyUrl: own?.privacyPolicyUrl ?? null,
  },
});

/** `experience` with the app's own over it, when the tenant has that app. */
export const withApplicationOf = async (db: Db, tenantId: string, applicationId: string, experience: SignInExperience) => {
  const [application, own] = await Promise.all([findApplication(db, tenantId, applicationId), findSignInExperience(db, tenantId, applicationId)]);
  return application ? withApplication(experience, application.name, own) : experience;
};

/** The tenant's sign-in experience: its page's look and the methods it offers; with `applicationId`, that app's over it. */
export const signInExperienceOf = async (db: Db, tenantId: string, edition: Edition, applicationId?: string): Promise<SignInExperience> => {
  const experience = experienceOfSettings(await signInExperienceSettingsOf(db, tenantId, edition));
  return applicationId === undefined ? experience : withApplicationOf(db, tenantId, applicationId, experience);
};
