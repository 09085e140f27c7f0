import { and, count, desc, eq, ne, notInArray, sql, type SQL } from 'drizzle-orm';
import { countCap, type MfaVerification, type UserListSort, type TenantUser, type TenantUserListItem, type UserIdentities } from '#schemas/tenant-user.ts';
import { deleteOidcState } from '#server/accounts/oidc-state.ts';
import type { Db } from '#server/db/client.ts';
import { roles, users, usersRoles } from '#server/db/idp.ts';
import { keep, preparedOnce } from '#server/db/prepared.ts';
import { generateId } from '#server/ids.ts';
import { countKept, keptCount, type Page } from '#server/tenant/list.ts';
import { advancedMatch, keywordMatch, type AdvancedSearch } from './search.ts';

/** A tenant's users (idp.users), as the management API and the tenant's sign-in pages write them. */

export type UserRow = typeof users.$inferSelect;
/** A new user's columns; the id is generated. */
export type NewUser = Omit<typeof users.$inferInsert, 'tenantId' | 'id'>;

const ofUser = (tenantId: string, id: string) => and(eq(users.tenantId, tenantId), eq(users.id, id));

const iso = (date: Date | null) => date?.toISOString() ?? null;

export const toTenantUser = (row: UserRow): TenantUser => ({
  id: row.id,
  username: row.username,
  primaryEmail: row.primaryEmail,
  primaryPhone: row.primaryPhone,
  primaryEmailVerified: row.primaryEmailVerifiedBy !== null,
  primaryPhoneVerified: row.primaryPhoneVerifiedBy !== null,
  name: row.name,
  avatar: row.avatar,
  profile: row.profile,
  customData: row.customData,
  identities: row.identities as TenantUser['identities'],
  applicationId: row.applicationId,
  isSuspended: row.isSuspended,
  hasPassword: row.passwordEncrypted !== null,
  lastSignInAt: iso(row.lastSignInAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** An MFA factor as stored in `mfa_verifications`: its secrets (key, public key, codes) stay there. */
export type StoredMfaVerification = {
  id: string;
  type: MfaVerification['type'];
  createdAt: string;
  lastUsedAt?: string;
  name?: string;
  agent?: string;
  codes?: { code: string; usedAt?: string | null }[];
  [secret: string]: unknown;
};

export const toMfaVerification = ({ id, type, createdAt, lastUsedAt, name, agent, codes }: StoredMfaVerification): MfaVerification => ({
  id,
  type,
  createdAt,
  ...(lastUsedAt ? { lastUsedAt } : {}),
  ...(type === 'WebAuthn' ? { ...(name ? { name } : {}), ...(agent ? { agent } : {}) } : {}),
  ...(type === 'BackupCode' ? { remainCodes: (codes ?? []).filter((code) => !code.usedAt).length } : {}),
});

export const identitiesOf = (row: UserRow): UserIdentities => ({
  socialIdentities: Object.entries(row.identities as TenantUser['identities']).map(([target, identity]) => ({ target, identity })),
  // No enterprise SSO connectors exist yet.
  ssoIdentities: [],
});

/** The columns of the users list and of a role's users (users.md §2), not the JSON ones. */
export const userListColumns = {
  id: users.id,
  username: users.username,
  primaryEmail: users.primaryEmail,
  primaryPhone: users.primaryPhone,
  name: users.name,
  avatar: users.avatar,
  applicationId: users.applicationId,
  isSuspended: users.isSuspended,
  lastSignInAt: users.lastSignInAt,
  createdAt: users.createdAt,
};

/** The list's orders (users.md §2), each served by its index: users_tenant_id_created_at_id, users_tenant_id_last_sign_in_at_id. */
const listOrders: Record<UserListSort, SQL[]> = {
  createdAt: [desc(users.createdAt), desc(users.id)],
  lastSignInAt: [sql`${users.lastSignInAt} desc nulls last`, desc(users.id)],
};

export const toListItem = (row: { lastSignInAt: Date | null; createdAt: Date } & Omit<TenantUserListItem, 'lastSignInAt' | 'createdAt'>): TenantUserListItem => ({
  ...row,
  lastSignInAt: iso(row.lastSignInAt),
  createdAt: row.createdAt.toISOString(),
});

/** A page of the whole list in each order, with the tenant's kept count, in one statement kept by the database (see preparedOnce). */
const wholeListPages = preparedOnce((db) => {
  const tenantId = sql.placeholder('tenantId');
  const page = (sort: UserListSort) =>
    keep(
      db,
      db
        .select({ row: userListColumns, total: keptCount('users', tenantId) })
        .from(users)
        .where(eq(users.tenantId, tenantId))
        .orderBy(...listOrders[sort])
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`management_users_page_${sort}`),
    );
  return { createdAt: page('createdAt'), lastSignInAt: page('lastSignInAt') };
});

/** What GET /users filters by beside the keyword, and its order. */
export type UserFilters = { isSuspended?: boolean; excludeRoleId?: string; advanced?: AdvancedSearch; sort?: UserListSort };

const userSearch = (tenantId: string, q: string | undefined, { isSuspended, excludeRoleId, advanced }: UserFilters): SQL | undefined =>
  and(
    eq(users.tenantId, tenantId),
    keywordMatch(q),
    advanced && advancedMatch(advanced),
    // As the predicate of the partial index users_tenant_id_suspended_created_at_id, whatever the plan's parameters.
    isSuspended === undefined ? undefined : isSuspended ? sql`${users.isSuspended}` : sql`not ${users.isSuspended}`,
    excludeRoleId === undefined
      ? undefined
      : sql`not exists (select 1 from ${usersRoles} where ${usersRoles.tenantId} = ${tenantId} and ${usersRoles.roleId} = ${excludeRoleId} and ${usersRoles.userId} = ${users.id})`,
  );

/** The tenant's number of users, kept exact by triggers (migration 0013). */
export const countUsers = (db: Db, tenantId: string) => countKept(db, 'users', tenantId);

/** How many users match, counting no further than one past `countCap`. */
const countMatching = async (db: Db, where: SQL | undefined) => {
  const matching = db.select({ one: sql`1` }).from(users).where(where).limit(countCap + 1).as('matching');
  const value = (await db.select({ value: count() }).from(matching))[0]?.value ?? 0;
  return { total: Math.min(value, countCap), capped: value > countCap };
};

/** The total of a filtered list: for active users alone, the kept count less the (few) suspended ones; otherwise counted up to `countCap`. */
const filteredTotal = async (db: Db, tenantId: string, where: SQL | undefined, { q, isSuspended, excludeRoleId, advanced }: UserFilters & { q?: string }) => {
  if (q === undefined && excludeRoleId === undefined && advanced === undefined && isSuspended === false) {
    const suspended = await countMatching(db, userSearch(tenantId, undefined, { isSuspended: true }));
    if (!suspended.capped) return { total: (await countUsers(db, tenantId)) - suspended.total, capped: false };
  }
  return countMatching(db, where);
};

/**
 * A page of users in the list's order (the newest first unless sorted by the latest sign-in), the list's columns only.
 * The total of the whole list is the tenant's kept count; a filtered list's is the page's when it is the last one, else
 * `filteredTotal`'s (`capped` when it stopped at `countCap`).
 */
export const listUsers = async (db: Db, tenantId: string, { limit, offset, q }: Page, filters: UserFilters = {}) => {
  const { sort = 'createdAt', isSuspended, excludeRoleId, advanced } = filters;
  if (q === undefined && isSuspended === undefined && excludeRoleId === undefined && advanced === undefined) {
    const rows = await wholeListPages(db)[sort].execute({ tenantId, limit, offset });
    // A page past the end has no row to carry the count.
    return { items: rows.map(({ row }) => toListItem(row)), total: rows[0]?.total ?? (await countUsers(db, tenantId)), capped: false };
  }
  const where = userSearch(tenantId, q, filters);
  const rows = await db.select(userListColumns).from(users).where(where).orderBy(...listOrders[sort]).limit(limit).offset(offset);
  const lastPage = rows.length < limit && (rows.length > 0 || offset === 0);
  const counted = lastPage ? { total: offset + rows.length, capped: false } : await filteredTotal(db, tenantId, where, { q, ...filters });
  return { items: rows.map(toListItem), ...counted };
};

/**
 * Inserts a user holding every default User role of the tenant (roles.md §5), in one transaction: every way a user
 * comes into being (the management API, registration at the sign-in pages) goes through here. An id already taken is
 * drawn again.
 */
export const insertUser = (db: Db, tenantId: string, user: NewUser) =>
  db.transaction(async (tx) => {
    let created: UserRow | undefined;
    while (!created) {
      [created] = await tx
        .insert(users)
        .values({ ...user, tenantId, id: generateId(12) })
        .onConflictDoNothing({ target: [users.tenantId, users.id] })
        .returning();
    }
    const id = created.id;
    await tx.insert(usersRoles).select(
      tx
        .select({ tenantId: roles.tenantId, userId: sql`${id}`.as('user_id'), roleId: roles.id, createdAt: sql`now()`.as('created_at') })
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), eq(roles.isDefault, true), eq(roles.type, 'User'))),
    );
    return created;
  });

export const updateUser = async (db: Db, tenantId: string, id: string, patch: Partial<NewUser>) => {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(ofUser(tenantId, id))
    .returning();
  return row;
};

/** Deletes the user; their role links go with them (foreign keys, on delete cascade). Answers whether there was one. */
export const deleteUser = async (db: Db, tenantId: string, id: string) =>
  (await db.delete(users).where(ofUser(tenantId, id)).returning({ id: users.id })).length > 0;

/** The id of another user of the tenant holding the social identity, if any (a containment match: index users_identities). */
export const findIdentityHolder = async (db: Db, tenantId: string, target: string, identityUserId: string, exceptUserId: string) =>
  (
    await db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.tenantId, tenantId),
          ne(users.id, exceptUserId),
          sql`${users.identities} @> ${JSON.stringify({ [target]: { userId: identityUserId } })}::jsonb`,
        ),
      )
      .limit(1)
  )[0]?.id;

/** The ids of the user's roles, in the order they were given. */
export const userRoleIds = async (db: Db, tenantId: string, userId: string) =>
  (
    await db
      .select({ roleId: usersRoles.roleId })
      .from(usersRoles)
      .where(and(eq(usersRoles.tenantId, tenantId), eq(usersRoles.userId, userId)))
      .orderBy(usersRoles.createdAt, usersRoles.roleId)
  ).map((row) => row.roleId);

/** Gives the user the roles, skipping those they hold; answers the role ids it linked. */
export const linkUserRoles = async (db: Db, tenantId: string, userId: string, roleIds: readonly string[]) =>
  (
    await db
      .insert(usersRoles)
      .values(roleIds.map((roleId) => ({ tenantId, userId, roleId })))
      .onConflictDoNothing()
      .returning({ roleId: usersRoles.roleId })
  ).map((row) => row.roleId);

/** The user holds none but `roleIds` afterwards; answers the role ids it unlinked. */
export const unlinkUserRolesBut = async (db: Db, tenantId: string, userId: string, roleIds: readonly string[]) =>
  (
    await db
      .delete(usersRoles)
      .where(and(eq(usersRoles.tenantId, tenantId), eq(usersRoles.userId, userId), roleIds.length ? notInArray(usersRoles.roleId, [...roleIds]) : undefined))
      .returning({ roleId: usersRoles.roleId })
  ).map((row) => row.roleId);

/**
 * Ends everything the tenant's issuer holds for the user: browser sessions, sign-ins under way, grants, refresh and
 * access tokens, authorization codes. Their next refresh, introspection or sign-in finds none of it.
 */
export const endUserSessions = (db: Db, tenantId: string, userId: string) => deleteOidcState(db, userId, { issuer: tenantId });
