import { and, eq, sql } from 'drizzle-orm';
import type { AccountProfile } from '#machines/sign-in-flow.ts';
import type { Db } from '#server/db/client.ts';
import { users } from '#server/db/idp.ts';
import type { SocialUserInfo } from '../connectors/factory.ts';
import { normalizeEmail } from './sign-in-store.ts';
import { insertUser, updateUser, type NewUser, type UserRow } from './store.ts';
import { userCreatedBySignIn } from '../hooks/payloads.ts';

/**
 * Who a social identity signs in as (tenant-runtime.md §4, connectors.md §7): the user holding the identity
 * (`identities[target].userId`), else the user whose e-mail is verified both here and by the provider (linked), else a
 * new user, where the sign-in mode allows registration. An e-mail the provider does not vouch for links to nobody, and
 * a new user gets only an e-mail the provider vouches for and no other user has: the safe path.
 */
export type SocialSignIn = {
  target: string;
  info: SocialUserInfo;
  /** Name and avatar from the provider at each sign-in; else only at registration. */
  syncProfile: boolean;
  mayRegister: boolean;
  applicationId: string;
};
export type SocialAccount =
  | { ok: true; accountId: string; profile: AccountProfile; how: 'returning' | 'linked' | 'registered' }
  | { ok: false; reason: 'suspended'; accountId: string }
  | { ok: false; reason: 'identity_not_exist' };

/** What the user keeps of the identity (spec 02 §3: identities[target] = { userId, details }). */
const identityOf = (info: SocialUserInfo) => ({
  userId: info.id,
  details: { id: info.id, email: info.email, name: info.name, avatar: info.avatar, phone: info.phone, rawData: info.rawData },
});

const profileOf = (info: SocialUserInfo): Partial<NewUser> => ({
  ...(info.name ? { name: info.name.slice(0, 128) } : {}),
  ...(info.avatar && info.avatar.length <= 2048 ? { avatar: info.avatar } : {}),
});

const findByIdentity = async (db: Db, tenantId: string, target: string, identityUserId: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), sql`${users.identities} @> ${JSON.stringify({ [target]: { userId: identityUserId } })}::jsonb`))
      .limit(1)
  )[0];

const findByEmail = async (db: Db, tenantId: string, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenantId), eq(users.primaryEmail, email)))
      .limit(1)
  )[0];

const signedIn = async (db: Db, tenantId: string, user: UserRow, patch: Partial<NewUser>, how: 'returning' | 'linked'): Promise<SocialAccount> => {
  if (user.isSuspended) return { ok: false, reason: 'suspended', accountId: user.id };
  const updated = await updateUser(db, tenantId, user.id, { ...patch, lastSignInAt: new Date() });
  const row = updated ?? user;
  return { ok: true, accountId: user.id, profile: { username: row.username, email: row.primaryEmail }, how };
};

export const socialAccountOf = (db: Db, tenantId: string, { target, info, syncProfile, mayRegister, applicationId }: SocialSignIn) =>
  db.transaction(async (tx): Promise<SocialAccount> => {
    // One sign-in at a time per identity, so two callbacks at once never register it twice.
    await tx.execute(sql`select pg_advisory_xact_lock(7326414, hashtext(${`${tenantId}:${target}:${info.id}`}))`);
    const identity = identityOf(info);
    const returning = await findByIdentity(tx, tenantId, target, info.id);
    if (returning) {
      const identities = { ...returning.identities, [target]: identity };
      return signedIn(tx, tenantId, returning, { identities, ...(syncProfile ? profileOf(info) : {}) }, 'returning');
    }
    const vouched = info.email && info.emailVerified ? normalizeEmail(info.email) : undefined;
    const holder = vouched ? await findByEmail(tx, tenantId, vouched) : undefined;
    if (holder?.primaryEmailVerifiedBy) {
      const identities = { ...holder.identities, [target]: identity };
      return signedIn(tx, tenantId, holder, { identities, ...(syncProfile ? profileOf(info) : {}) }, 'linked');
    }
    if (!mayRegister) return { ok: false, reason: 'identity_not_exist' };
    const user = await insertUser(tx, tenantId, {
      ...profileOf(info),
      // Stored only when the provider vouches for it, and then as verified by it.
      ...(vouched && !holder ? { primaryEmail: vouched, primaryEmailVerifiedBy: 'social' as const } : { primaryEmail: null }),
      identities: { [target]: identity },
      applicationId,
      lastSignInAt: new Date(),
    });
    await userCreatedBySignIn(tx, tenantId, user, undefined, applicationId);
    return { ok: true, accountId: user.id, profile: { username: user.username, email: user.primaryEmail }, how: 'registered' };
  });
