import type { ApplicationSignInExperience } from '#schemas/application-branding.ts';
import type { Db } from '../db/client.ts';
import { findSignInExperience } from '../tenant/applications/store.ts';
import { defaultSignInExperience, type SignInExperience } from '../pages/experience.ts';

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
 * experience over it when the app has one (applications.md §10). Until tenants have settings of their own (the
 * sign-in experience pages), every tenant has the product's defaults; this is where they will be read.
 */
export const signInExperienceOf = async (db: Db, tenantId: string, applicationId?: string): Promise<SignInExperience> => {
  const application = applicationId === undefined ? undefined : await findSignInExperience(db, tenantId, applicationId);
  return application ? withApplication(defaultSignInExperience, application) : defaultSignInExperience;
};
