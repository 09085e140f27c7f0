import { and, asc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { Edition } from '#schemas/config.ts';
import type { CustomPhrase, Translation } from '#schemas/custom-phrases.ts';
import { defaultSignInExperienceSettings, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import type { Db } from '#server/db/client.ts';
import { customPhrases, signInExperiences } from '#server/db/idp.ts';
import { preparedOnce } from '#server/db/prepared.ts';

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

const versionStatement = preparedOnce((db) =>
  db
    .select({ version: signInExperiences.version })
    .from(signInExperiences)
    .where(eq(signInExperiences.tenantId, sql.placeholder('tenantId')))
    .prepare('sign_in_experience_version'),
);

/** The version alone: what a process compares with the one it cached, on every sign-in page (a kept statement). */
export const signInExperienceVersion = async (db: Db, tenantId: string) => {
  const [row] = await versionStatement(db).execute({ tenantId });
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

const phraseColumns = { languageTag: customPhrases.languageTag, translation: customPhrases.translation };
const ofLanguage = (tenantId: string | Placeholder, languageTag: string | Placeholder) => and(eq(customPhrases.tenantId, tenantId), eq(customPhrases.languageTag, languageTag));

/** The tenant's custom phrases, one entry per language, by language tag. */
export const listCustomPhrases = (db: Db, tenantId: string): Promise<CustomPhrase[]> =>
  db.select(phraseColumns).from(customPhrases).where(eq(customPhrases.tenantId, tenantId)).orderBy(asc(customPhrases.languageTag)) as Promise<CustomPhrase[]>;

/** The languages the tenant has custom phrases for. */
export const customLanguages = async (db: Db, tenantId: string) =>
  (await db.select({ languageTag: customPhrases.languageTag }).from(customPhrases).where(eq(customPhrases.tenantId, tenantId))).map((row) => row.languageTag);

export const findCustomPhrase = async (db: Db, tenantId: string, languageTag: string): Promise<CustomPhrase | undefined> => {
  const [row] = await db.select(phraseColumns).from(customPhrases).where(ofLanguage(tenantId, languageTag));
  return row as CustomPhrase | undefined;
};

const stampsStatement = preparedOnce((db) =>
  db
    .select({ languageTag: customPhrases.languageTag, updatedAt: customPhrases.updatedAt })
    .from(customPhrases)
    .where(eq(customPhrases.tenantId, sql.placeholder('tenantId')))
    .prepare('custom_phrase_stamps'),
);

/**
 * The languages the tenant has custom phrases for, each with when its phrases were last written: what a process
 * compares with the time of the phrases it cached. Each write stamps the clock's time rather than its transaction's, so
 * two writes never share it.
 */
export const customPhraseStamps = async (db: Db, tenantId: string): Promise<Map<string, number>> =>
  new Map((await stampsStatement(db).execute({ tenantId })).map((row) => [row.languageTag, row.updatedAt.getTime()]));

/** Sets the language's phrases, replacing any it had. */
export const upsertCustomPhrase = async (db: Db, tenantId: string, languageTag: string, translation: Translation) => {
  await db
    .insert(customPhrases)
    .values({ tenantId, languageTag, translation, updatedAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: [customPhrases.tenantId, customPhrases.languageTag], set: { translation, updatedAt: sql`clock_timestamp()` } });
};

export const deleteCustomPhrase = async (db: Db, tenantId: string, languageTag: string) =>
  (await db.delete(customPhrases).where(ofLanguage(tenantId, languageTag)).returning({ languageTag: customPhrases.languageTag })).length > 0;
