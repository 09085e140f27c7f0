import { hashPassword } from '#server/accounts/password-sign-in.ts';
import { deleteOidcState } from '#server/accounts/oidc-state.ts';
import type { Db } from '#server/db/client.ts';
import type { Accounts, CodeAccount } from '#server/pages/sign-in-site.ts';
import { findUser } from '#server/tenant-runtime/store.ts';
import { findUserByIdentifier, passwordEncryptionMethod, recordSignIn } from './sign-in-store.ts';
import { updateUser, type UserRow } from './store.ts';

const codeAccountOf = (user: UserRow | undefined): CodeAccount | undefined =>
  user && { id: user.id, suspended: user.isSuspended, profile: { username: user.username, email: user.primaryEmail }, name: user.name };

/**
 * A tenant's users as its sign-in pages' codes find them (by the e-mail or phone a code went to), sign them in, and
 * reset a forgotten password: the new hash, then every sign-in of the user ends (sessions, grants, their tokens, other
 * interactions), as a password change ends the others in the Me API, in one transaction.
 */
export const codeAccounts = (db: Db, tenantId: string): Required<Pick<Accounts, 'find' | 'signedIn' | 'resetPassword'>> => ({
  find: async (by) => codeAccountOf('id' in by ? await findUser(db, tenantId, by.id) : await findUserByIdentifier(db, tenantId, by.identifier)),
  signedIn: (accountId) => recordSignIn(db, tenantId, accountId),
  resetPassword: async (accountId, password, keep) => {
    const passwordEncrypted = await hashPassword(password);
    await db.transaction(async (tx) => {
      await updateUser(tx, tenantId, accountId, { passwordEncrypted, passwordEncryptionMethod });
      await deleteOidcState(tx, accountId, { issuer: tenantId, keepInteraction: keep });
    });
  },
});
