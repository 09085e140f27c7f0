import { and, asc, eq, sql } from 'drizzle-orm';
import type { JwtTokenType } from '#schemas/jwt-customizer.ts';
import type { Db } from '#server/db/client.ts';
import { jwtCustomizers, resources, roles, rolesScopes, scopes, usersRoles } from '#server/db/idp.ts';

/** A tenant's saved script of one token type; its environment variables sealed (see domain.ts). */
export type JwtCustomizerRow = typeof jwtCustomizers.$inferSelect;
export type JwtCustomizerColumns = Pick<JwtCustomizerRow, 'script' | 'sealedEnvironment' | 'tokenSample' | 'contextSample' | 'blockIssuanceOnError'>;

const ofType = (tenantId: string, tokenType: JwtTokenType) => and(eq(jwtCustomizers.tenantId, tenantId), eq(jwtCustomizers.tokenType, tokenType));

export const listCustomizerRows = (db: Db, tenantId: string) =>
  db.select().from(jwtCustomizers).where(eq(jwtCustomizers.tenantId, tenantId)).orderBy(asc(jwtCustomizers.tokenType));

export const findCustomizerRow = async (db: Db, tenantId: string, tokenType: JwtTokenType): Promise<JwtCustomizerRow | undefined> => {
  const [row] = await db.select().from(jwtCustomizers).where(ofType(tenantId, tokenType)).limit(1);
  return row;
};

/** Writes the whole value of the token type, creating the row or replacing it. */
export const saveCustomizerRow = async (db: Db, tenantId: string, tokenType: JwtTokenType, columns: JwtCustomizerColumns) => {
  const [row] = await db
    .insert(jwtCustomizers)
    .values({ tenantId, tokenType, ...columns })
    .onConflictDoUpdate({ target: [jwtCustomizers.tenantId, jwtCustomizers.tokenType], set: { ...columns, updatedAt: sql`now()` } })
    .returning();
  return row!;
};

/** Deletes the token type's script; answers whether there was one. */
export const deleteCustomizerRow = async (db: Db, tenantId: string, tokenType: JwtTokenType) =>
  (await db.delete(jwtCustomizers).where(ofType(tenantId, tokenType)).returning({ tokenType: jwtCustomizers.tokenType })).length > 0;

/** The user's roles, each with its permissions and their API resources, as a custom JWT script's context names them. */
export const userRolesWithScopes = async (db: Db, tenantId: string, userId: string) => {
  const rows = await db
    .select({
      role: { id: roles.id, name: roles.name, description: roles.description },
      scope: { id: scopes.id, name: scopes.name, description: scopes.description, resourceId: scopes.resourceId },
      resource: { id: resources.id, name: resources.name, indicator: resources.indicator },
    })
    .from(usersRoles)
    .innerJoin(roles, and(eq(roles.tenantId, tenantId), eq(roles.id, usersRoles.roleId)))
    .leftJoin(rolesScopes, and(eq(rolesScopes.tenantId, tenantId), eq(rolesScopes.roleId, roles.id)))
    .leftJoin(scopes, and(eq(scopes.tenantId, tenantId), eq(scopes.id, rolesScopes.scopeId)))
    .leftJoin(resources, and(eq(resources.tenantId, tenantId), eq(resources.id, scopes.resourceId)))
    .where(and(eq(usersRoles.tenantId, tenantId), eq(usersRoles.userId, userId)))
    .orderBy(asc(roles.name), asc(scopes.name));
  const byRole = new Map<string, { id: string; name: string; description: string | null; scopes: unknown[] }>();
  for (const { role, scope, resource } of rows) {
    const entry = byRole.get(role.id) ?? { ...role, scopes: [] };
    byRole.set(role.id, entry);
    if (scope?.id && resource?.id) entry.scopes.push({ ...scope, resource });
  }
  return [...byRole.values()];
};
