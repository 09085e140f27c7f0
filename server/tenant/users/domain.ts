import type { Context } from 'hono';
import { phoneDigits, type IdentifierVerifiedFields, type PatchUser } from '#schemas/tenant-user.ts';
import { redacted } from '#schemas/log.ts';
import { ApiError } from '#server/api/errors.ts';
import type { Db } from '#server/db/client.ts';
import { signInExperienceOf } from '#server/sign-in/experience.ts';
import { normalizeEmail } from './sign-in-store.ts';
import { findUser } from '#server/tenant-runtime/store.ts';
import { changesOf } from '#server/management/audit.ts';
import { invalidField, notFound, unique } from '#server/management/errors.ts';
import type { ManagementEnv, ManagementKit } from '#server/management/kit.ts';
import { updateUser, type NewUser, type UserRow } from './store.ts';

/** What the users routes share: finding a user, their identifiers as stored, and writing a change with its log. */

/** The tenant's user, or 404. */
export const userOf = async (db: Db, tenantId: string, id: string) => {
  const user = await findUser(db, tenantId, id);
  if (!user) throw notFound(id);
  return user;
};

/** 422 for a machine-to-machine role given to a user. */
export const invalidRoleType = () => new ApiError(422, 'user.invalid_role_type', 'Only user roles can be given to users.');

/** The password policy of the tenant's sign-in experience (spec 02 §5). */
export const passwordPolicyOf = async (db: Db, tenantId: string) => (await signInExperienceOf(db, tenantId)).passwordPolicy;

/** Who the password must not resemble (restricted.user_info). */
export const userInfoOf = (user: Pick<UserRow, 'username' | 'primaryEmail' | 'name'>) => ({ username: user.username, email: user.primaryEmail, name: user.name });

/** 422 for an identifier another user of the tenant has, naming its field in the details (as guard.invalid_input does). */
const inUse = (field: 'username' | 'primaryEmail' | 'primaryPhone', code: string, message: string) => () =>
  new ApiError(422, code, message, [{ path: field, code, message }]);

/** The write, or 422 for the identifier it would give a second user of the tenant. */
export const uniqueIdentifiers = <T>(write: Promise<T>) =>
  unique(
    unique(
      unique(write, 'users_tenant_id_username', inUse('username', 'user.username_already_in_use', 'This username is already in use.')),
      'users_tenant_id_primary_email',
      inUse('primaryEmail', 'user.email_already_in_use', 'This e-mail address is already in use.'),
    ),
    'users_tenant_id_primary_phone',
    inUse('primaryPhone', 'user.phone_already_in_use', 'This phone number is already in use.'),
  );

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
 * false or when the identifier changes without it. 400 for a verified flag without its identifier.
 */
export const verificationOf = (flags: IdentifierVerifiedFields, columns: Partial<NewUser>, before?: UserRow): Partial<NewUser> => {
  const verification: Partial<NewUser> = {};
  for (const { column, flag, verifiedBy } of verifiedIdentifiers) {
    const was = before?.[column] ?? null;
    const value = columns[column] === undefined ? was : columns[column];
    const changed = value !== was;
    if (flags[flag] === true && value === null) throw invalidField(flag, `Needs a ${column}.`);
    if (flags[flag] === true) verification[verifiedBy] = changed || !before?.[verifiedBy] ? 'admin' : before[verifiedBy];
    else if (flags[flag] === false || changed) verification[verifiedBy] = null;
  }
  return verification;
};

/** A password's change in the audit log: that it changed, never its value or hash. */
export const passwordChanged = { password: { from: redacted, to: redacted } };

/**
 * Changes the user's fields in one write, logged as Management.User.Updated with the fields that changed; 404 for
 * another tenant's user, 422 for an identifier in use.
 */
export const patchUser = (
  c: Context<ManagementEnv>,
  withTenantWrite: ManagementKit['withTenantWrite'],
  id: string,
  valuesOf: Partial<NewUser> | ((before: UserRow) => Partial<NewUser>),
) =>
  withTenantWrite(c, async ({ tx, tenant, log }) => {
    const before = await userOf(tx, tenant.id, id);
    const values = typeof valuesOf === 'function' ? valuesOf(before) : valuesOf;
    const changes = changesOf<Record<string, unknown>>(before, values);
    if (Object.keys(changes).length === 0) return before;
    const updated = (await uniqueIdentifiers(updateUser(tx, tenant.id, id, values)))!;
    await log({ key: 'Management.User.Updated', targetId: id, userId: id, changes });
    return updated;
  });
