import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../db/client.ts';
import { generateId } from '../ids.ts';
import { checkPasswordWithinLimit } from './rate-limit.ts';

/** Passwords are stored as argon2id hashes (the library's default), console accounts and tenants' users alike. */
export const hashPassword = (password: string) => hash(password);

/**
 * The keys of a sign-in rate limit within `scope`: one per account, whichever of its identifiers was typed, and one per
 * identifier that matches no account, case-folded, so unknown accounts are limited too.
 */
export const signInLimitKeys = (scope: string) => ({
  account: (accountId: string) => `${scope}:user:${accountId}`,
  identifier: (identifier: string) => `${scope}:identifier:${identifier.trim().toLowerCase()}`,
});

/** A hash of nothing in particular, verified when no account matches so both cases take the same time. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks the password of a sign-in under its rate limit (rate-limit.ts); `account` is the one the identifier found,
 * with how its hash is verified when it is not argon2's (an imported digest).
 */
export const checkSignInPassword = (
  db: Db,
  keys: ReturnType<typeof signInLimitKeys>,
  account: { id: string; passwordHash: string | null; verify?: (hash: string, password: string) => Promise<boolean> } | undefined,
  identifier: string,
  password: string,
) => {
  const decoy = (decoyHash ??= hash(generateId()));
  return checkPasswordWithinLimit(db, account ? keys.account(account.id) : keys.identifier(identifier), async () => {
    if (!account?.passwordHash) return verify(await decoy, password).then(() => false);
    if (!account.verify) return verify(account.passwordHash, password);
    // An imported digest may verify faster than argon2 (SHA-256 at once): the decoy's time is spent too, so a wrong
    // password takes no less time for an imported account than for any other.
    const [matches] = await Promise.all([account.verify(account.passwordHash, password), verify(await decoy, password)]);
    return matches;
  });
};
