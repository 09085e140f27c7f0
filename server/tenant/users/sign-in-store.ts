import { and, eq, sql } from 'drizzle-orm';
import { identifierKindOf } from '#machines/sign-in-flow.ts';
import { phoneDigits } from '#schemas/tenant-user.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/idp.ts';

/**
 * The tenant's users as its sign-in pages find them and record their sign-ins (idp.users); each query names the tenant.
 * They are inserted and updated through the users store (store.ts).
 */

/** How the passwords of new users are hashed (password-sign-in.ts); other methods come with imported users. */
export const passwordEncryptionMethod = 'Argon2id';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The user an identifier names: an e-mail when it has an @, a phone number (its digits, however it was written) when it
 * has only digits and separators, else a username, in any case (index users_tenant_id_username).
 */
export const findUserByIdentifier = async (db: Db, tenantId: string, identifier: string) => {
  const trimmed = identifier.trim();
  const kind = identifierKindOf(trimmed);
  const matches =
    kind === 'email'
      ? eq(users.primaryEmail, normalizeEmail(trimmed))
      : kind === 'phone'
        ? sql`regexp_replace(${users.primaryPhone}, '\\D', '', 'g') = ${phoneDigits(trimmed)}`
        : sql`lower(${users.username}) = lower(${trimmed})`;
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), matches))
    .limit(1);
  return row;
};

export const recordSignIn = async (db: Db, tenantId: string, userId: string) => {
  await db
    .update(users)
    .set({ lastSignInAt: new Date() })
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
};
