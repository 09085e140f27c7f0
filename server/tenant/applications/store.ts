import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type {
  Application,
  ApplicationSecret,
  ApplicationType,
  CreateApplication,
  CreatedApplicationSecret,
  OidcClientMetadata,
  PatchApplication,
} from '#schemas/application.ts';
import type { ApplicationSignInExperience } from '#schemas/application-branding.ts';
import type { Db } from '#server/db/client.ts';
import { applicationSecrets, applicationSignInExperiences, applications, applicationsRoles } from '#server/db/idp.ts';
import { oidcModels } from '#server/db/schema.ts';
import { generateId } from '#server/ids.ts';
import { matchesSecretHash, secretHash } from '#server/secrets.ts';
import { containing, pageOf, totalCount, type Page } from '#server/tenant/list.ts';

type ApplicationRow = typeof applications.$inferSelect;
type SecretRow = typeof applicationSecrets.$inferSelect;

const noRedirectUris: OidcClientMetadata = { redirectUris: [], postLogoutRedirectUris: [] };

/** The application as the API answers it (no secret). */
export const toApplication = (row: ApplicationRow): Application => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  oidcClientMetadata: { ...noRedirectUris, ...row.oidcClientMetadata },
  customClientMetadata: row.customClientMetadata,
  customData: row.customData,
  isThirdParty: row.isThirdParty,
  createdAt: row.createdAt.toISOString(),
});

const toSecret = (row: SecretRow): ApplicationSecret => ({
  name: row.name,
  valueHint: row.valueHint,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

const ofApplication = (tenantId: string, id: string) => and(eq(applications.tenantId, tenantId), eq(applications.id, id));

/** What GET /applications filters by; `roleId` lists the apps holding a role (GET /roles/{id}/applications). */
export type ApplicationFilters = { types?: readonly ApplicationType[]; isThirdParty?: boolean; roleId?: string; excludeRoleId?: string };

const holdingRole = (tenantId: string, roleId: string) =>
  sql`exists (select 1 from ${applicationsRoles} where ${applicationsRoles.tenantId} = ${tenantId} and ${applicationsRoles.roleId} = ${roleId} and ${applicationsRoles.applicationId} = ${applications.id})`;

const applicationSearch = (tenantId: string, q: string | undefined, filters: ApplicationFilters): SQL | undefined =>
  and(
    eq(applications.tenantId, tenantId),
    containing(sql`lower(${applications.id} || ' ' || ${applications.name} || ' ' || coalesce(${applications.description}, ''))`, q),
    filters.types?.length ? inArray(applications.type, [...filters.types]) : undefined,
    filters.isThirdParty === undefined ? undefined : eq(applications.isThirdParty, filters.isThirdParty),
    filters.roleId === undefined ? undefined : holdingRole(tenantId, filters.roleId),
    filters.excludeRoleId === undefined ? undefined : sql`not ${holdingRole(tenantId, filters.excludeRoleId)}`,
  );

/** The newest first. */
export const listApplications = async (db: Db, tenantId: string, { limit, offset, q }: Page, filters: ApplicationFilters = {}) =>
  pageOf(
    await db
      .select({ row: applications, total: totalCount() })
      .from(applications)
      .where(applicationSearch(tenantId, q, filters))
      .orderBy(desc(applications.createdAt), asc(applications.id))
      .limit(limit)
      .offset(offset),
    toApplication,
    async () => (await db.select({ value: count() }).from(applications).where(applicationSearch(tenantId, q, filters)))[0]!.value,
  );

export const findApplication = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db.select().from(applications).where(ofApplication(tenantId, id)).limit(1);
  return row && toApplication(row);
};

/** The tenant's applications among `ids`. */
export const findApplications = async (db: Db, tenantId: string, ids: readonly string[]) =>
  ids.length
    ? (await db.select().from(applications).where(and(eq(applications.tenantId, tenantId), inArray(applications.id, [...ids])))).map(toApplication)
    : [];

export const insertApplication = async (db: Db, tenantId: string, input: CreateApplication) => {
  const [row] = await db
    .insert(applications)
    .values({
      tenantId,
      id: generateId(),
      name: input.name,
      description: input.description ?? null,
      type: input.type,
      oidcClientMetadata: input.oidcClientMetadata ?? noRedirectUris,
      customClientMetadata: input.customClientMetadata ?? {},
      customData: input.customData ?? {},
      isThirdParty: input.isThirdParty ?? false,
    })
    .returning();
  return toApplication(row!);
};

export const updateApplication = async (db: Db, tenantId: string, id: string, patch: PatchApplication) => {
  if (Object.keys(patch).length === 0) return findApplication(db, tenantId, id);
  const [row] = await db.update(applications).set(patch).where(ofApplication(tenantId, id)).returning();
  return row && toApplication(row);
};

/** A row of the tenant issuer (oidc_models) issued to the client: its grants, tokens, codes and interactions. */
const issuedTo = (tenantId: string, clientId: string) =>
  and(
    eq(oidcModels.tenantId, tenantId),
    or(sql`${oidcModels.payload}->>'clientId' = ${clientId}`, sql`${oidcModels.payload}->'params'->>'client_id' = ${clientId}`),
  );

/**
 * Deletes the application with its secrets and role links (foreign keys, on delete cascade), and ends what the issuer
 * issued to it: its grants, tokens and codes go, and sessions forget it. Answers whether there was one.
 */
export const deleteApplication = async (db: Db, tenantId: string, id: string) => {
  const deleted = await db.delete(applications).where(ofApplication(tenantId, id)).returning({ id: applications.id });
  if (deleted.length === 0) return false;
  await db.delete(oidcModels).where(issuedTo(tenantId, id));
  await db
    .update(oidcModels)
    .set({ payload: sql`${oidcModels.payload} #- array['authorizations', ${id}::text]` })
    .where(and(eq(oidcModels.tenantId, tenantId), eq(oidcModels.model, 'Session'), sql`(${oidcModels.payload}->'authorizations') ? ${id}::text`));
  return true;
};

/** The tenant's applications, or those of one type or third-party (applicationsLimit, machineToMachineLimit, thirdPartyApplicationsLimit). */
export const countApplications = async (db: Db, tenantId: string, { type, isThirdParty }: { type?: ApplicationType; isThirdParty?: boolean } = {}) => {
  const [row] = await db
    .select({ value: count() })
    .from(applications)
    .where(
      and(
        eq(applications.tenantId, tenantId),
        type === undefined ? undefined : eq(applications.type, type),
        isThirdParty === undefined ? undefined : eq(applications.isThirdParty, isThirdParty),
      ),
    );
  return row?.value ?? 0;
};

const ofSecret = (tenantId: string, applicationId: string, name: string) =>
  and(eq(applicationSecrets.tenantId, tenantId), eq(applicationSecrets.applicationId, applicationId), eq(applicationSecrets.name, name));

const secretSearch = (tenantId: string, applicationId: string, q: string | undefined) =>
  and(
    eq(applicationSecrets.tenantId, tenantId),
    eq(applicationSecrets.applicationId, applicationId),
    containing(sql`lower(${applicationSecrets.name})`, q),
  );

/** The oldest first; never their values. */
export const listSecrets = async (db: Db, tenantId: string, applicationId: string, { limit, offset, q }: Page) =>
  pageOf(
    await db
      .select({ row: applicationSecrets, total: totalCount() })
      .from(applicationSecrets)
      .where(secretSearch(tenantId, applicationId, q))
      .orderBy(asc(applicationSecrets.createdAt), asc(applicationSecrets.name))
      .limit(limit)
      .offset(offset),
    toSecret,
    async () => (await db.select({ value: count() }).from(applicationSecrets).where(secretSearch(tenantId, applicationId, q)))[0]!.value,
  );

const secretAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 32 characters of 62: about 190 bits, so a plain SHA-256 is a fit hash (spec 02 §9: at most 64). */
const secretLength = 32;

/** Makes a secret; its value is in this answer only, the table keeps its hash and last four characters. */
export const insertSecret = async (
  db: Db,
  tenantId: string,
  applicationId: string,
  { name, expiresAt }: { name: string; expiresAt?: Date | null },
): Promise<CreatedApplicationSecret> => {
  const value = Array.from({ length: secretLength }, () => secretAlphabet[randomInt(secretAlphabet.length)]).join('');
  const [row] = await db
    .insert(applicationSecrets)
    .values({ tenantId, applicationId, name, valueHash: secretHash(value), valueHint: value.slice(-4), expiresAt: expiresAt ?? null })
    .returning();
  return { ...toSecret(row!), value };
};

export const renameSecret = async (db: Db, tenantId: string, applicationId: string, name: string, newName: string) => {
  const [row] = await db.update(applicationSecrets).set({ name: newName }).where(ofSecret(tenantId, applicationId, name)).returning();
  return row && toSecret(row);
};

/** Answers whether there was one. */
export const deleteSecret = async (db: Db, tenantId: string, applicationId: string, name: string) =>
  (await db.delete(applicationSecrets).where(ofSecret(tenantId, applicationId, name)).returning({ name: applicationSecrets.name })).length > 0;

/** The SHA-256 hashes (hex) of the application's secrets that have not expired. */
export const findLiveSecretHashes = async (db: Db, tenantId: string, applicationId: string) =>
  (
    await db
      .select({ valueHash: applicationSecrets.valueHash })
      .from(applicationSecrets)
      .where(
        and(
          eq(applicationSecrets.tenantId, tenantId),
          eq(applicationSecrets.applicationId, applicationId),
          or(isNull(applicationSecrets.expiresAt), gt(applicationSecrets.expiresAt, sql`now()`)),
        ),
      )
  ).map((row) => row.valueHash);

/** Whether `presented` is one of the application's unexpired secrets (compared in constant time). */
export const isLiveSecret = async (db: Db, tenantId: string, applicationId: string, presented: string) =>
  matchesSecretHash(await findLiveSecretHashes(db, tenantId, applicationId), presented);

const ofSignInExperience = (tenantId: string, applicationId: string) =>
  and(eq(applicationSignInExperiences.tenantId, tenantId), eq(applicationSignInExperiences.applicationId, applicationId));

/** The application's own sign-in experience, if it has one. */
export const findSignInExperience = async (db: Db, tenantId: string, applicationId: string): Promise<ApplicationSignInExperience | undefined> => {
  const [row] = await db.select().from(applicationSignInExperiences).where(ofSignInExperience(tenantId, applicationId)).limit(1);
  return row && { color: row.color, branding: row.branding, termsOfUseUrl: row.termsOfUseUrl, privacyPolicyUrl: row.privacyPolicyUrl, displayName: row.displayName };
};

/** Sets the application's own sign-in experience, whole. */
export const upsertSignInExperience = async (db: Db, tenantId: string, applicationId: string, experience: ApplicationSignInExperience) => {
  await db
    .insert(applicationSignInExperiences)
    .values({ tenantId, applicationId, ...experience })
    .onConflictDoUpdate({ target: [applicationSignInExperiences.tenantId, applicationSignInExperiences.applicationId], set: experience });
  return experience;
};
