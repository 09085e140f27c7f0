import { answering, HttpError, type RefusalMessages } from '#server/api/errors.ts';
import type { Db } from '#server/db/client.ts';
import { findUser } from '#server/tenant-runtime/store.ts';
import type { PasswordRejection } from '#server/passwords/new-password.ts';
import type { UserRefusal } from '#server/tenant/users/domain.ts';
import type { StoredPassword } from '#server/tenant/users/passwords.ts';
import type { Result } from '#server/result.ts';
import { notExistsMessage, notFound, unique } from '../errors.ts';

/** How the users routes answer what the users' domain refuses. */

const userMessages: RefusalMessages<UserRefusal | PasswordRejection | { reason: 'user.invalid_role_type' }> = {
  'entity.not_exists_with_id': notExistsMessage,
  'user.missing_identifier': 'A username, an e-mail address or a phone number is required.',
  'user.password_and_digest': 'Give either a password or a password digest, not both.',
  'user.password_algorithm_required': 'A password digest needs its passwordAlgorithm.',
  'password.rejected': 'The password does not meet the password policy.',
  'user.identity_already_in_use': 'Another user has this identity.',
  'user.identity_not_exist': ({ target }) => `The user has no identity of ${target}.`,
  'user.invalid_role_type': 'Only user roles can be given to users.',
};

export const answer = answering(userMessages);

/** The tenant's user, or 404. */
export const userOf = async (db: Db, tenantId: string, id: string) => {
  const user = await findUser(db, tenantId, id);
  if (!user) throw notFound(id);
  return user;
};

type Identifier = 'username' | 'primaryEmail' | 'primaryPhone';
type IdentifierInUse = 'user.username_already_in_use' | 'user.email_already_in_use' | 'user.phone_already_in_use';

/** 422 for an identifier another user of the tenant has, naming its field in the details (as guard.invalid_input does). */
const inUse = (field: Identifier, code: IdentifierInUse, message: string) => () => new HttpError(code, message, [{ path: field, code, message }]);

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

/** The password as stored, or 422 with the rules of spec 02 §5 it breaks (`details.codes` and `details.issues`), as the Me API answers them. */
export const acceptedPassword = async (hashing: Promise<Result<StoredPassword, PasswordRejection>>) => answer(await hashing);
