import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { roles, users, usersRoles } from '../db/idp.ts';
import { generateId } from '../ids.ts';

/** The tenant's users as its sign-in pages read and write them (idp.users); each query names the tenant. */

export type TenantUser = typeof users.$inferSelect;

/** How the passwords of new users are hashed (password-sign-in.ts); other methods come with imported users. */
export const passwordEncryptionMethod = 'Argon2id';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** The user an identifier names: an e-mail (any case) when it has an @, else a username. */
export const findUserByIdentifier = async (db: Db, tenantId: string, identifier: string) => {
  const trimmed = identifier.trim();
  const matches = trimmed.includes('@') ? eq(users.primaryEmail, normalizeEmail(trimmed)) : eq(users.username, trimmed);
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), matches))
    .limit(1);
  return row;
};

export type NewTenantUser = { username: string | null; primaryEmail: string | null; passwordEncrypted: string; applicationId: string | null };

/** Inserts a user, signed in now, holding every default User role of the tenant, in one transaction. */
export const insertUser = (db: Db, tenantId: string, user: NewTenantUser) =>
  db.transaction(async (tx) => {
    const id = generateId(12);
    const [created] = await tx
      .insert(users)
      .values({ ...user, tenantId, id, passwordEncryptionMethod, lastSignInAt: new Date() })
      .returning();
    await tx.insert(usersRoles).select(
      tx
        .select({ tenantId: roles.tenantId, userId: sql`${id}`.as('user_id'), roleId: roles.id, createdAt: sql`now()`.as('created_at') })
        .from(roles)
        .where(and(eq(roles.tenantId, tenantId), eq(roles.isDefault, true), eq(roles.type, 'User'))),
    );
    return created!;
  });

export const recordSignIn = async (db: Db, tenantId: string, userId: string) => {
  await db
    .update(users)
    .set({ lastSignInAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
};
