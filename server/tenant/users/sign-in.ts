import { identifierKindOf } from '#machines/sign-in-flow.ts';
import { checkSignInPassword, hashPassword, signInLimitKeys } from '#server/accounts/password-sign-in.ts';
import { registerWithinLimit } from '#server/accounts/rate-limit.ts';
import type { Db } from '#server/db/client.ts';
import { postgresError, uniqueViolation } from '#server/db/errors.ts';
import type { SignInExperience } from '#server/pages/experience.ts';
import type { Accounts } from '#server/pages/sign-in-site.ts';
import { verifyPassword } from './passwords.ts';
import { codeAccounts } from './code-accounts.ts';
import { insertUser, updateUser } from './store.ts';
import { userCreatedBySignIn } from '../hooks/payloads.ts';
import { findUserByIdentifier, normalizeEmail, passwordEncryptionMethod, recordSignIn } from './sign-in-store.ts';

/**
 * A tenant's users, as its sign-in pages sign them in and register them (tenant-runtime.md §4), for a request from
 * `client` (its address, whose registrations are limited). An identifier of a kind the experience does not accept for
 * sign-in names no user.
 */
export const tenantAccounts = (db: Db, tenantId: string, experience: SignInExperience, client?: string): Accounts => {
  // Failures count per tenant: the same identifier in another tenant is another person.
  const limit = signInLimitKeys(`tenant:${tenantId}:sign-in`);
  return {
    signIn: async (identifier, password) => {
      // A phone number with a password, where the settings take one (the pages' identifiers are username and e-mail).
      const byPhone = experience.settings.signIn.methods.some((method) => method.identifier === 'phone' && method.password);
      const accepted: string[] = [...experience.signIn.identifiers, ...(byPhone ? ['phone'] : [])];
      const user = accepted.includes(identifierKindOf(identifier.trim())) ? await findUserByIdentifier(db, tenantId, identifier) : undefined;
      const method = user?.passwordEncryptionMethod ?? null;
      const account = user && { id: user.id, passwordHash: user.passwordEncrypted, verify: (hash: string, typed: string) => verifyPassword(method, hash, typed, tenantId) };
      const result = await checkSignInPassword(db, limit, account, identifier, password);
      if (result !== 'ok') return { ok: false, reason: result === 'invalid' ? 'invalid_credentials' : result, accountId: user?.id };
      // Said only to whoever knows the password.
      if (user!.isSuspended) return { ok: false, reason: 'suspended', accountId: user!.id };
      // An imported digest is replaced by the hash the server makes, now that the password is known.
      if (method !== passwordEncryptionMethod) {
        await updateUser(db, tenantId, user!.id, { passwordEncrypted: await hashPassword(password), passwordEncryptionMethod });
      }
      await recordSignIn(db, tenantId, user!.id);
      return { ok: true, accountId: user!.id, profile: { username: user!.username, email: user!.primaryEmail } };
    },
    signUp: ({ username, email, phone, password, verified }, applicationId) => registerWithinLimit(db, `tenant:${tenantId}:register:${client ?? ''}`, async () => {
      try {
        const user = await db.transaction(async (tx) => {
          const inserted = await insertUser(tx, tenantId, {
          username: username || null,
          primaryEmail: email ? normalizeEmail(email) : null,
          primaryPhone: phone || null,
          // The identifier a code proved is verified (the ID token's email_verified, phone_number_verified).
          primaryEmailVerifiedBy: email && verified === 'email' ? 'code' : null,
          primaryPhoneVerifiedBy: phone && verified === 'phone' ? 'code' : null,
          passwordEncrypted: password ? await hashPassword(password) : null,
          passwordEncryptionMethod: password ? passwordEncryptionMethod : null,
          applicationId,
          lastSignInAt: new Date(),
          });
          await userCreatedBySignIn(tx, tenantId, inserted, client, applicationId);
          return inserted;
        });
        return { ok: true, accountId: user.id };
      } catch (error) {
        const { code, constraint } = postgresError(error);
        if (code === uniqueViolation && constraint === 'users_tenant_id_username') return { ok: false, reason: 'username_taken' };
        if (code === uniqueViolation && constraint === 'users_tenant_id_primary_email') return { ok: false, reason: 'email_taken' };
        if (code === uniqueViolation && constraint === 'users_tenant_id_primary_phone') return { ok: false, reason: 'phone_taken' };
        throw error;
      }
    }),
    ...codeAccounts(db, tenantId),
    saveProfile: async (accountId, field, value) => {
      try {
        await updateUser(db, tenantId, accountId, field === 'email' ? { primaryEmail: normalizeEmail(value) } : { username: value });
        return { ok: true };
      } catch (error) {
        if (postgresError(error).code === uniqueViolation) return { ok: false, reason: 'taken' };
        throw error;
      }
    },
  };
};
