import { phoneDigits, type IdentifierVerifiedFields, type PatchUser } from '#schemas/tenant-user.ts';
import { redacted } from '#schemas/log.ts';
import type { Db } from '#server/db/client.ts';
import type { Edition } from '#schemas/config.ts';
import { readSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { normalizeEmail } from './sign-in-store.ts';
import { fieldRefused, ok, type FieldRefusal, type Result } from '#server/result.ts';
import type { NewUser, UserRow } from './store.ts';

/** A tenant user's rules: their identifiers as stored and how they are verified, and who the password must not resemble. */

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
