import { and, asc, eq, sql } from 'drizzle-orm';
import type { UserConsentScope, UserConsentScopes } from '#schemas/user-consent.ts';
import type { Db } from '#server/db/client.ts';
import { oidcModels } from '#server/db/schema.ts';
import { applicationUserConsentResourceScopes as resourceLinks, applicationUserConsentUserScopes as userLinks, resources, scopes } from '#server/db/idp.ts';

/** The user scopes and API permissions a third-party application may ask for (applications.md §7). */
export const findUserConsentScopes = async (db: Db, tenantId: string, applicationId: string): Promise<UserConsentScopes> => {
  const userScopes = await db
    .select({ userScope: userLinks.userScope })
    .from(userLinks)
    .where(and(eq(userLinks.tenantId, tenantId), eq(userLinks.applicationId, applicationId)))
    .orderBy(asc(userLinks.createdAt), asc(userLinks.userScope));
  const rows = await db
    .select({
      resource: {
        id: resources.id,
        name: resources.name,
        indicator: resources.indicator,
      },
      scope: {
        id: scopes.id,
        name: scopes.name,
        description: scopes.description,
      },
    })
    .from(resourceLinks)
    .innerJoin(scopes, and(eq(scopes.tenantId, resourceLinks.tenantId), eq(scopes.id, resourceLinks.scopeId)))
    .innerJoin(resources, and(eq(resources.tenantId, scopes.tenantId), eq(resources.id, scopes.resourceId)))
    .where(
      and(
        eq(resourceLinks.tenantId, tenantId),
        eq(scopes.tenantId, tenantId),
        eq(resources.tenantId, tenantId),
        eq(resourceLinks.applicationId, applicationId),
      ),
    )
    .orderBy(asc(resources.name), asc(resources.id), asc(scopes.name));
  const byResource = new Map<string, UserConsentScopes['resourceScopes'][number]>();
  for (const { resource, scope } of rows) {
    const group = byResource.get(resource.id) ?? { resource, scopes: [] };
    group.scopes.push(scope);
    byResource.set(resource.id, group);
  }
  return {
    userScopes: userScopes.map((row) => row.userScope),
    resourceScopes: [...byResource.values()],
  };
};

/** Enables scopes for consent; those enabled already are kept. */
export const linkUserConsentScopes = async (
  db: Db,
  tenantId: string,
  applicationId: string,
  userScopes: readonly UserConsentScope[],
  scopeIds: readonly string[],
) => {
  if (userScopes.length) {
    await db
      .insert(userLinks)
      .values(userScopes.map((userScope) => ({ tenantId, applicationId, userScope })))
      .onConflictDoNothing();
  }
  if (scopeIds.length) {
    await db
      .insert(resourceLinks)
      .values(scopeIds.map((scopeId) => ({ tenantId, applicationId, scopeId })))
      .onConflictDoNothing();
  }
};

/** Whether a user scope was enabled and is no more. */
export const unlinkUserConsentUserScope = async (db: Db, tenantId: string, applicationId: string, userScope: string) =>
  (
    await db
      .delete(userLinks)
      .where(and(eq(userLinks.tenantId, tenantId), eq(userLinks.applicationId, applicationId), eq(userLinks.userScope, userScope as UserConsentScope)))
      .returning({ userScope: userLinks.userScope })
  ).length > 0;

/** Whether an API permission was enabled and is no more. */
export const unlinkUserConsentResourceScope = async (db: Db, tenantId: string, applicationId: string, scopeId: string) =>
  (
    await db
      .delete(resourceLinks)
      .where(and(eq(resourceLinks.tenantId, tenantId), eq(resourceLinks.applicationId, applicationId), eq(resourceLinks.scopeId, scopeId)))
      .returning({ scopeId: resourceLinks.scopeId })
  ).length > 0;

/**
 * Ends the app's grants, so that a permission no longer enabled is not kept by an earlier consent: the next sign-in
 * asks for consent again, and the refresh tokens of those grants stop working.
 */
export const endUserConsentGrants = (db: Db, tenantId: string, applicationId: string) =>
  db
    .delete(oidcModels)
    .where(and(eq(oidcModels.tenantId, tenantId), eq(oidcModels.model, 'Grant'), sql`${oidcModels.payload}->>'clientId' = ${applicationId}`));
