import type { Db } from '../db/client.ts';
import { defaultSignInExperience, type SignInExperience } from '../pages/experience.ts';

/**
 * The tenant's sign-in experience: its page's look and the methods it offers. Until tenants have settings of their
 * own (the sign-in experience pages), every tenant has the product's defaults; this is where they will be read.
 */
export const signInExperienceOf = async (_db: Db, _tenantId: string): Promise<SignInExperience> => defaultSignInExperience;
