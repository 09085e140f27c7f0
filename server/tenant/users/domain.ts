import { phoneDigits, type CreateUser, type IdentifierVerifiedFields, type PatchUser, type TenantUser } from '#schemas/tenant-user.ts';
import { redacted } from '#schemas/log.ts';
import type { Db } from '#server/db/client.ts';
import type { Edition } from '#schemas/config.ts';
import { readSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { normalizeEmail } from './sign-in-store.ts';
import { fieldRefused, ok, type FieldRefusal, type Result } from '#server/result.ts';
import { found, type NotExists } from '../refusals.ts';
import { importedDigest, type StoredPassword } from './passwords.ts';
import { findIdentityHolder, type NewUser, type StoredMfaVerification, type UserRow } from './store.ts';

/**
 * A tenant user's rules: their identifiers as stored and how they are verified, how a new user gets a password and who
 * it must not resemble, their MFA factors and identities.
 */

export type UserRefusal =
  | NotExists
  | FieldRefusal
  | { reason: 'user.missing_identifier' | 'user.password_and_digest' | 'user.password_algorithm_required' | 'user.identity_already_in_use' }
  | IdentityNotExist;

export type IdentityNotExist = { reason: 'user.identity_not_exist'; target: string };

/** Refused: the user has no identity of `target`. */
export const noIdentity = (target: string) => ({ ok: false, reason: 'user.identity_not_exist', target }) as const;

const refused = <Reason extends UserRefusal['reason']>(reason: Reason) => ({ ok: false, reason }) as const;

/** The password policy of the tenant's sign-in experience (spec 02 §5). */
export const passwordPolicyOf = async (db: Db, tenantId: string, edition: Edition) =>
  (await readSignInExperience(db, tenantId, edition)).settings.passwordPolicy;

/** Who the password must not resemble (restricted.user_info). */
export const userInfoOf = (user: Pick<UserRow, 'username' | 'primaryEmail' | 'primaryPhone' | 'name'>) => ({
  username: user.username,
  email: user.primaryEmail,
  phone: user.primaryPhone,
  name: user.name,
});

const verifiedIdentifiers = [
  { column: 'primaryEmail', flag: 'primaryEmailVerified', verifiedBy: 'primaryEmailVerifiedBy' },
  { column: 'primaryPhone', flag: 'primaryPhoneVerified', verifiedBy: 'primaryPhoneVerifiedBy' },
] as const;
const isVerifiedFlag = (field: string) => verifiedIdentifiers.some(({ flag }) => flag === field);

/**
 * A body's fields as stored: '' and null clear, the e-mail is lower-cased, the phone kept as its digits. Whether the
 * identifiers are verified is `verificationOf`'s.
 */
export const columnsOf = (fields: PatchUser): Partial<NewUser> =>
  Object.fromEntries(
    Object.entries(fields)
      .filter(([field, value]) => value !== undefined && !isVerifiedFlag(field))
      .map(([field, value]) => {
        if (value === '' || value === null) return [field, null];
        if (field === 'primaryEmail') return [field, normalizeEmail(value as string)];
        if (field === 'primaryPhone') return [field, phoneDigits(value as string)];
        return [field, value];
      }),
  );

/**
 * How the identifiers are verified after a write of `columns` (schemas/user.ts): verified by the administrator when the
 * body says `primaryEmailVerified: true` (a code's verification of the same identifier stays), unverified when it says
 * false or when the identifier changes without it. Refused for a verified flag without its identifier.
 */
export const verificationOf = (flags: IdentifierVerifiedFields, columns: Partial<NewUser>, before?: UserRow): Result<Partial<NewUser>, FieldRefusal> => {
  const verification: Partial<NewUser> = {};
  for (const { column, flag, verifiedBy } of verifiedIdentifiers) {
    const was = before?.[column] ?? null;
    const value = columns[column] === undefined ? was : columns[column];
    const changed = value !== was;
    if (flags[flag] === true && value === null) return fieldRefused(flag, `Needs a ${column}.`);
    if (flags[flag] === true) verification[verifiedBy] = changed || !before?.[verifiedBy] ? 'admin' : before[verifiedBy];
    else if (flags[flag] === false || changed) verification[verifiedBy] = null;
  }
  return ok(verification);
};

/** A password's change in the audit log: that it changed, never its value or hash. */
export const passwordChanged = { password: { from: redacted, to: redacted } };

/** A new user needs one identifier at least: a username, an e-mail address or a phone number. */
export const identifierGiven = (fields: Pick<CreateUser, 'username' | 'primaryEmail' | 'primaryPhone'>) =>
  fields.username || fields.primaryEmail || fields.primaryPhone ? ok(undefined) : refused('user.missing_identifier');

/** A new user's password: another system's digest as stored (with its algorithm), or the password given, or none (generated). */
export const passwordSourceOf = ({
  password,
  passwordDigest,
  passwordAlgorithm,
}: Pick<CreateUser, 'password' | 'passwordDigest' | 'passwordAlgorithm'>): Result<
  { imported: StoredPassword } | { password: string | undefined },
  UserRefusal
> => {
  if (password !== undefined && passwordDigest !== undefined) return refused('user.password_and_digest');
  if (passwordDigest !== undefined) {
    if (passwordAlgorithm === undefined) return refused('user.password_algorithm_required');
    const imported = importedDigest(passwordAlgorithm, passwordDigest);
    return imported.ok ? ok({ imported: imported.value }) : imported;
  }
  if (passwordAlgorithm !== undefined) return fieldRefused('passwordDigest', 'A passwordAlgorithm comes with its passwordDigest.');
  return ok({ password });
};

export const factorsOf = (user: UserRow) => user.mfaVerifications as StoredMfaVerification[];

/** Backup codes only stand beside an authenticator app or a passkey (spec 02 §3, MFA verification). */
const keepsBackupCodes = (factors: StoredMfaVerification[]) => factors.some((factor) => factor.type === 'Totp' || factor.type === 'WebAuthn');

/** The user's factors before and after removing one; the backup codes go with the last authenticator app or passkey. */
export const factorRemoved = (user: UserRow, verificationId: string): Result<{ factors: StoredMfaVerification[]; kept: StoredMfaVerification[] }, NotExists> => {
  const factors = factorsOf(user);
  const rest = factors.filter((factor) => factor.id !== verificationId);
  const kept = keepsBackupCodes(rest) ? rest : rest.filter((factor) => factor.type !== 'BackupCode');
  return found(rest.length < factors.length && { factors, kept }, verificationId);
};

/** An identity of `target` is one user's: refused when another user of the tenant has it. */
export const identityFree = async (db: Db, tenantId: string, target: string, identityUserId: string, userId: string) =>
  (await findIdentityHolder(db, tenantId, target, identityUserId, userId)) ? refused('user.identity_already_in_use') : ok(undefined);

/** The user's identity of `target` and the identities left without it; refused when the user has none of it. */
export const identityRemoved = (user: UserRow, target: string) => {
  const { [target]: removed, ...rest } = user.identities as TenantUser['identities'];
  return removed ? ok({ removed, rest }) : noIdentity(target);
};
