import { eq, sql } from 'drizzle-orm';
import type { Edition } from '#schemas/config.ts';
import { defaultSignInExperienceSettings, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { Db } from '#server/db/client.ts';
import { signInExperiences } from '#server/db/idp.ts';

/** A tenant's sign-in experience and its version: 0 while the tenant has its edition's defaults. */
export type VersionedSignInExperience = { settings: SignInExperienceSettings; version: number };

/** The stored document over the defaults, so a key added to the document later has its default in older rows. */
const withDefaults = (edition: Edition, stored: SignInExperienceSettings | undefined): SignInExperienceSettings => ({
  ...defaultSignInExperienceSettings(edition),
  ...stored,
});

export const readSignInExperience = async (db: Db, tenantId: string, edition: Edition): Promise<VersionedSignInExperience> => {
  const [row] = await db
    .select({ settings: signInExperiences.settings, version: signInExperiences.version })
    .from(signInExperiences)
    .where(eq(signInExperiences.tenantId, tenantId));
  return { settings: withDefaults(edition, row?.settings), version: row?.version ?? 0 };
};

/** The version alone: what a process compares with the one it cached. */
export const signInExperienceVersion = async (db: Db, tenantId: string) => {
  const [row] = await db.select({ version: signInExperiences.version }).from(signInExperiences).where(eq(signInExperiences.tenantId, tenantId));
  return row?.version ?? 0;
};

/**
 * Writes the whole document when the stored version is still `expected` (undefined: whatever it is), bumping the
 * version; answers the new version, or undefined when another write came first.
 */
export const writeSignInExperience = async (db: Db, tenantId: string, settings: SignInExperienceSettings, expected?: number) => {
  const [row] = await db
    .insert(signInExperiences)
    .values({ tenantId, settings, version: 1 })
    .onConflictDoUpdate({
      target: signInExperiences.tenantId,
      set: { settings, version: sql`${signInExperiences.version} + 1`, updatedAt: sql`now()` },
      setWhere: expected === undefined ? undefined : eq(signInExperiences.version, expected),
    })
    .returning({ version: signInExperiences.version });
  return row?.version;
};
