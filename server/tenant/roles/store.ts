import { and, asc, count, eq, inArray, notInArray, notLike, sql, type SQL } from 'drizzle-orm';
import { internalRolePrefix, type PatchRole, type Role, type RoleListItem, type RoleScope, type RoleType, type RoleUser } from '#schemas/role.ts';
import type { Db } from '#server/db/client.ts';
import { applicationsRoles, resources, roles, rolesScopes, scopes, users, usersRoles } from '#server/db/idp.ts';
import { generateId } from '#server/ids.ts';
import { containing, pageOf, totalCount, type Page } from '#server/tenant/list.ts';
import { keywordMatch } from '../users/search.ts';
import { toListItem, userListColumns } from '../users/store.ts';

type RoleRow = typeof roles.$inferSelect;

const toRole = (row: RoleRow): Role => ({
  id: row.id,
  name: row.name,
  description: row.description,
  type: row.type,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

const ofRole = (tenantId: string, id: string) => and(eq(roles.tenantId, tenantId), eq(roles.id, id));
/** Join conditions: a role's permission link to its permission, a permission to its API resource, a user's role link to the user. */
const scopeOfLink = and(eq(scopes.tenantId, rolesScopes.tenantId), eq(scopes.id, rolesScopes.scopeId));
const resourceOfScope = and(eq(resources.tenantId, scopes.tenantId), eq(resources.id, scopes.resourceId));
const userOfLink = and(eq(users.tenantId, usersRoles.tenantId), eq(users.id, usersRoles.userId));

/** What GET /roles filters by; `applicationId` and `userId` list an app's or a user's roles (GET /applications/{id}/roles, /users/{id}/roles). */
export type RoleFilters = { type?: RoleType; excludeUserId?: string; excludeApplicationId?: string; applicationId?: string; userId?: string };

const heldByUser = (tenantId: string, userId: string) =>
  sql`exists (select 1 from ${usersRoles} where ${usersRoles.tenantId} = ${tenantId} and ${usersRoles.userId} = ${userId} and ${usersRoles.roleId} = ${roles.id})`;
const heldByApplication = (tenantId: string, applicationId: string) =>
  sql`exists (select 1 from ${applicationsRoles} where ${applicationsRoles.tenantId} = ${tenantId} and ${applicationsRoles.applicationId} = ${applicationId} and ${applicationsRoles.roleId} = ${roles.id})`;

/** The tenant's roles but its internal ones (spec 02 §6), which are never listed or counted. */
const listed = (tenantId: string) => and(eq(roles.tenantId, tenantId), notLike(roles.name, `${internalRolePrefix}%`));

const roleSearch = (tenantId: string, q: string | undefined, filters: RoleFilters): SQL | undefined =>
  and(
    listed(tenantId),
    containing(sql`lower(${roles.id} || ' ' || ${roles.name} || ' ' || ${roles.description})`, q),
    filters.type === undefined ? undefined : eq(roles.type, filters.type),
    filters.excludeUserId === undefined ? undefined : sql`not ${heldByUser(tenantId, filters.excludeUserId)}`,
    filters.excludeApplicationId === undefined ? undefined : sql`not ${heldByApplication(tenantId, filters.excludeApplicationId)}`,
    filters.applicationId === undefined ? undefined : heldByApplication(tenantId, filters.applicationId),
    filters.userId === undefined ? undefined : heldByUser(tenantId, filters.userId),
  );

/** By name, each with how many users and apps hold it: one query for the page. */
export const listRoles = async (db: Db, tenantId: string, { limit, offset, q }: Page, filters: RoleFilters = {}) => {
  const rows = await db
    .select({
      role: roles,
      usersCount: sql<number>`(select count(*) from ${usersRoles} where ${usersRoles.tenantId} = ${tenantId} and ${usersRoles.roleId} = ${roles.id})`.mapWith(Number),
      applicationsCount: sql<number>`(select count(*) from ${applicationsRoles} where ${applicationsRoles.tenantId} = ${tenantId} and ${applicationsRoles.roleId} = ${roles.id})`.mapWith(Number),
      total: totalCount(),
    })
    .from(roles)
    .where(roleSearch(tenantId, q, filters))
    .orderBy(asc(roles.name), asc(roles.id))
    .limit(limit)
    .offset(offset);
  return pageOf(
    rows.map((row) => ({ row, total: row.total })),
    ({ role, usersCount, applicationsCount }): RoleListItem => ({ ...toRole(role), usersCount, applicationsCount }),
    async () => (await db.select({ value: count() }).from(roles).where(roleSearch(tenantId, q, filters)))[0]!.value,
  );
};

/** The role, internal ones too. */
export const findRole = async (db: Db, tenantId: string, id: string) => {
  const [row] = await db.select().from(roles).where(ofRole(tenantId, id)).limit(1);
  return row && toRole(row);
};

/** The tenant's roles among `ids`. */
export const findRoles = async (db: Db, tenantId: string, ids: readonly string[]) =>
  ids.length ? (await db.select().from(roles).where(and(eq(roles.tenantId, tenantId), inArray(roles.id, [...ids])))).map(toRole) : [];

export const insertRole = async (db: Db, tenantId: string, input: { name: string; description: string; type: RoleType; isDefault: boolean }) => {
  const [row] = await db.insert(roles).values({ tenantId, id: generateId(), ...input }).returning();
  return toRole(row!);
};

export const updateRole = async (db: Db, tenantId: string, id: string, patch: PatchRole) => {
  if (Object.keys(patch).length === 0) return findRole(db, tenantId, id);
  const [row] = await db.update(roles).set(patch).where(ofRole(tenantId, id)).returning();
  return row && toRole(row);
};

/** Deletes the role; its links to permissions, users and apps go with it (foreign keys, on delete cascade). */
export const deleteRole = async (db: Db, tenantId: string, id: string) => {
  await db.delete(roles).where(ofRole(tenantId, id));
};

/** The tenant's roles of a type, its internal ones aside (userRolesLimit, machineToMachineRolesLimit). */
export const countRoles = async (db: Db, tenantId: string, type: RoleType) => {
  const [row] = await db
    .select({ value: count() })
    .from(roles)
    .where(and(listed(tenantId), eq(roles.type, type)));
  return row?.value ?? 0;
};

/** The number of permissions per role, for the roles that have any (scopesPerRoleLimit). */
export const countScopesPerRole = async (db: Db, tenantId: string, roleId?: string) => {
  const rows = await db
    .select({ roleId: rolesScopes.roleId, value: count() })
    .from(rolesScopes)
    .where(and(eq(rolesScopes.tenantId, tenantId), roleId === undefined ? undefined : eq(rolesScopes.roleId, roleId)))
    .groupBy(rolesScopes.roleId);
  return Object.fromEntries(rows.map((row) => [row.roleId, row.value]));
};

/** The tenant's permissions among `ids`, each saying whether it is one of the built-in management API's. */
export const findScopes = async (db: Db, tenantId: string, ids: readonly string[]) =>
  ids.length
    ? db
        .select({ id: scopes.id, ofManagementApi: resources.isBuiltIn })
        .from(scopes)
        .innerJoin(resources, resourceOfScope)
        .where(and(eq(scopes.tenantId, tenantId), eq(resources.tenantId, tenantId), inArray(scopes.id, [...ids])))
    : [];

const roleScopeSearch = (tenantId: string, roleId: string, q: string | undefined) =>
  and(
    eq(rolesScopes.tenantId, tenantId),
    eq(rolesScopes.roleId, roleId),
    eq(scopes.tenantId, tenantId),
    eq(resources.tenantId, tenantId),
    containing(sql`lower(${scopes.name} || ' ' || coalesce(${scopes.description}, ''))`, q),
  );

/** The role's permissions with their API resource, by resource name, then permission name. */
export const listRoleScopes = async (db: Db, tenantId: string, roleId: string, { limit, offset, q }: Page) => {
  const rows = await db
    .select({ scope: scopes, resource: { id: resources.id, name: resources.name, indicator: resources.indicator }, total: totalCount() })
    .from(rolesScopes)
    .innerJoin(scopes, scopeOfLink)
    .innerJoin(resources, resourceOfScope)
    .where(roleScopeSearch(tenantId, roleId, q))
    .orderBy(asc(resources.name), asc(scopes.name), asc(scopes.id))
    .limit(limit)
    .offset(offset);
  return pageOf(
    rows.map((row) => ({ row, total: row.total })),
    ({ scope, resource }): RoleScope => ({
      id: scope.id,
      resourceId: scope.resourceId,
      name: scope.name,
      description: scope.description,
      createdAt: scope.createdAt.toISOString(),
      resource,
    }),
    async () =>
      (
        await db
          .select({ value: count() })
          .from(rolesScopes)
          .innerJoin(scopes, scopeOfLink)
          .innerJoin(resources, resourceOfScope)
          .where(roleScopeSearch(tenantId, roleId, q))
      )[0]!.value,
  );
};

/** Those of `scopeIds` the role holds already. */
export const linkedScopeIds = async (db: Db, tenantId: string, roleId: string, scopeIds: readonly string[]) =>
  (
    await db
      .select({ scopeId: rolesScopes.scopeId })
      .from(rolesScopes)
      .where(and(eq(rolesScopes.tenantId, tenantId), eq(rolesScopes.roleId, roleId), inArray(rolesScopes.scopeId, [...scopeIds])))
  ).map((row) => row.scopeId);

/** Links the permissions to the role, skipping those it holds; answers the ids it linked. */
export const linkRoleScopes = async (db: Db, tenantId: string, roleId: string, scopeIds: readonly string[]) =>
  (
    await db
      .insert(rolesScopes)
      .values(scopeIds.map((scopeId) => ({ tenantId, roleId, scopeId })))
      .onConflictDoNothing()
      .returning({ scopeId: rolesScopes.scopeId })
  ).map((row) => row.scopeId);

/** Answers whether the role held the permission. */
export const unlinkRoleScope = async (db: Db, tenantId: string, roleId: string, scopeId: string) =>
  (
    await db
      .delete(rolesScopes)
      .where(and(eq(rolesScopes.tenantId, tenantId), eq(rolesScopes.roleId, roleId), eq(rolesScopes.scopeId, scopeId)))
      .returning({ scopeId: rolesScopes.scopeId })
  ).length > 0;

/** Gives the apps the roles (machine-to-machine both), skipping the links there are; answers the links it made. */
export const linkApplicationsRoles = async (db: Db, tenantId: string, links: readonly { applicationId: string; roleId: string }[]) =>
  db
    .insert(applicationsRoles)
    .values(links.map((link) => ({ tenantId, ...link })))
    .onConflictDoNothing()
    .returning({ applicationId: applicationsRoles.applicationId, roleId: applicationsRoles.roleId });

/** The app holds exactly `roleIds` afterwards; answers the role ids it unlinked. */
export const unlinkApplicationRolesBut = async (db: Db, tenantId: string, applicationId: string, roleIds: readonly string[]) =>
  (
    await db
      .delete(applicationsRoles)
      .where(
        and(
          eq(applicationsRoles.tenantId, tenantId),
          eq(applicationsRoles.applicationId, applicationId),
          notInArray(applicationsRoles.roleId, [...roleIds]),
        ),
      )
      .returning({ roleId: applicationsRoles.roleId })
  ).map((row) => row.roleId);

/** Answers whether the app held the role. */
export const unlinkApplicationRole = async (db: Db, tenantId: string, applicationId: string, roleId: string) =>
  (
    await db
      .delete(applicationsRoles)
      .where(and(eq(applicationsRoles.tenantId, tenantId), eq(applicationsRoles.applicationId, applicationId), eq(applicationsRoles.roleId, roleId)))
      .returning({ roleId: applicationsRoles.roleId })
  ).length > 0;

const roleUserSearch = (tenantId: string, roleId: string, q: string | undefined) =>
  and(
    eq(usersRoles.tenantId, tenantId),
    eq(usersRoles.roleId, roleId),
    eq(users.tenantId, tenantId),
    keywordMatch(q),
  );

/** The users holding the role, in the order they were given it. */
export const listRoleUsers = async (db: Db, tenantId: string, roleId: string, { limit, offset, q }: Page) =>
  pageOf(
    await db
      .select({
        row: userListColumns,
        total: totalCount(),
      })
      .from(usersRoles)
      .innerJoin(users, userOfLink)
      .where(roleUserSearch(tenantId, roleId, q))
      .orderBy(asc(usersRoles.createdAt), asc(usersRoles.userId))
      .limit(limit)
      .offset(offset),
    (row): RoleUser => toListItem(row),
    async () =>
      (
        await db
          .select({ value: count() })
          .from(usersRoles)
          .innerJoin(users, userOfLink)
          .where(roleUserSearch(tenantId, roleId, q))
      )[0]!.value,
  );

/** Those of `ids` that are the tenant's users. */
export const findUserIds = async (db: Db, tenantId: string, ids: readonly string[]) =>
  (await db.select({ id: users.id }).from(users).where(and(eq(users.tenantId, tenantId), inArray(users.id, [...ids])))).map((row) => row.id);

/** Gives the users the role, skipping those who hold it; answers the user ids it linked. */
export const linkUsersRole = async (db: Db, tenantId: string, roleId: string, userIds: readonly string[]) =>
  (
    await db
      .insert(usersRoles)
      .values(userIds.map((userId) => ({ tenantId, userId, roleId })))
      .onConflictDoNothing()
      .returning({ userId: usersRoles.userId })
  ).map((row) => row.userId);

/** Answers whether the user held the role. */
export const unlinkUserRole = async (db: Db, tenantId: string, roleId: string, userId: string) =>
  (
    await db
      .delete(usersRoles)
      .where(and(eq(usersRoles.tenantId, tenantId), eq(usersRoles.roleId, roleId), eq(usersRoles.userId, userId)))
      .returning({ userId: usersRoles.userId })
  ).length > 0;
