import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { verify as verifyArgon2 } from '@node-rs/argon2';
import { checkPassword, type PasswordPolicy, type PasswordUserInfo } from '#schemas/password-policy.ts';
import type { ServerConfig } from '#server/config.ts';
import { checkNewPassword, passwordRejection, type PasswordRejection } from '#server/passwords/new-password.ts';
import type { PasswordAlgorithm } from '#schemas/tenant-user.ts';
import { hashPassword } from '#server/accounts/password-sign-in.ts';
import { costlyDigests } from '#server/accounts/verification-pool.ts';
import { fieldRefused, ok, type FieldRefusal, type Result } from '#server/result.ts';
import { passwordEncryptionMethod } from './sign-in-store.ts';

/**
 * A tenant user's password: checked against the tenant's policy, generated when the admin gives none, or imported as
 * another system's digest, which the sign-in verifies and then rehashes to Argon2id.
 */

const characterSets = ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', '0123456789', '!#$%&()*+,-./:;<=>?@[]^_{|}~'];
const allCharacters = characterSets.join('');
/** The length of a generated password, unless the policy asks for more (users.md §3). */
export const generatedPasswordLength = 16;

const pick = (characters: string) => characters[randomInt(characters.length)]!;

/** A random password with every character type, from the system's CSPRNG, that the policy accepts. */
export const generatePassword = (policy: PasswordPolicy, userInfo: PasswordUserInfo) => {
  const length = Math.min(Math.max(generatedPasswordLength, policy.length.min), policy.length.max);
  for (;;) {
    const characters = [...characterSets.map(pick), ...Array.from({ length: length - characterSets.length }, () => pick(allCharacters))];
    for (let index = characters.length - 1; index > 0; index -= 1) {
      const other = randomInt(index + 1);
      [characters[index], characters[other]] = [characters[other]!, characters[index]!];
    }
    const password = characters.join('');
    if (checkPassword(password, userInfo, policy).length === 0) return password;
  }
};

/** A password as stored: its hash or imported digest, and how it was made. */
export type StoredPassword = { passwordEncrypted: string; passwordEncryptionMethod: string };

/**
 * The argon2id hash of a password the policy accepts, or the rules of spec 02 §5 it breaks (password.rejected). The
 * breached-password lookup may take up to 2 s: call it outside a transaction.
 */
export const hashAcceptedPassword = async (
  config: Pick<ServerConfig, 'breachedPasswordsUrl'>,
  password: string,
  userInfo: PasswordUserInfo,
  policy: PasswordPolicy,
): Promise<Result<StoredPassword, PasswordRejection>> => {
  const codes = await checkNewPassword(config, password, userInfo, policy);
  if (codes.length > 0) return { ok: false, ...passwordRejection(codes, policy) };
  return ok(await storedPassword(password));
};

/** A password as stored, hashed with argon2id: for one the policy already accepted, such as a generated one. */
export const storedPassword = async (password: string): Promise<StoredPassword> => ({ passwordEncrypted: await hashPassword(password), passwordEncryptionMethod });

const hexDigests: Partial<Record<PasswordAlgorithm, { hash: string; length: number }>> = {
  SHA1: { hash: 'sha1', length: 40 },
  SHA256: { hash: 'sha256', length: 64 },
  MD5: { hash: 'md5', length: 32 },
};
/**
 * The costs an imported digest may ask of each sign-in until it is rehashed: about a second of a core for bcrypt (in
 * JavaScript) and 64 MiB for argon2, which the verification pool bounds (accounts/verification-pool.ts). A digest
 * made with a higher one would hold a core for seconds (bcrypt 2^14 rounds: 10 s) or gigabytes of memory (argon2).
 */
export const importedCostMax = { bcryptCost: 12, argon2MemoryKib: 65_536, argon2Passes: 4, argon2Lanes: 4 };
/** The cost of the server's own argon2id hashes (@node-rs/argon2's defaults): a digest within it costs what they do. */
const ownArgon2Cost = { memoryKib: 19_456, passes: 2, lanes: 1 };

/** bcrypt's modular crypt form: version, cost, then 22 characters of salt and 31 of hash. */
const bcryptDigest = /^\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/;
/** argon2's PHC string: variant, version, memory, passes and lanes, salt and hash. */
const argon2Digest = /^\$(argon2(?:i|d|id))\$v=(?:16|19)\$m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,3})\$[A-Za-z0-9+/]{11,}\$[A-Za-z0-9+/]{6,}$/;
const isArgon2 = (method: string | null) => method?.startsWith('Argon2') === true;

const withinCost = (value: string | undefined, min: number, max: number) => value !== undefined && Number(value) >= min && Number(value) <= max;

/** Whether `digest` is in the form an `algorithm` digest is imported in, at a cost the server accepts, and that form in words. */
const digestForm = (algorithm: PasswordAlgorithm, digest: string) => {
  const hex = hexDigests[algorithm];
  if (hex) return { valid: new RegExp(`^[0-9a-f]{${hex.length}}$`, 'i').test(digest), form: `in hex (${hex.length} characters)` };
  if (algorithm === 'Bcrypt') {
    const [, cost] = bcryptDigest.exec(digest) ?? [];
    return { valid: withinCost(cost, 4, importedCostMax.bcryptCost), form: `in its modular crypt form ($2a$, $2b$ or $2y$) with a cost of 04 to ${importedCostMax.bcryptCost}` };
  }
  const [, variant, memory, passes, lanes] = argon2Digest.exec(digest) ?? [];
  const { argon2MemoryKib, argon2Passes, argon2Lanes } = importedCostMax;
  return {
    valid: variant === algorithm.toLowerCase() && withinCost(memory, 8, argon2MemoryKib) && withinCost(passes, 1, argon2Passes) && withinCost(lanes, 1, argon2Lanes),
    form: `in its encoded form, with at most m=${argon2MemoryKib}, t=${argon2Passes} and p=${argon2Lanes}`,
  };
};

/** An imported digest as stored: argon2 and bcrypt in their encoded strings, the others as lower-case hex; refused when it is not one. */
export const importedDigest = (algorithm: PasswordAlgorithm, digest: string): Result<StoredPassword, FieldRefusal> => {
  const { valid, form } = digestForm(algorithm, digest);
  if (!valid) return fieldRefused('passwordDigest', `Must be a ${algorithm} digest ${form}.`);
  return ok({ passwordEncrypted: hexDigests[algorithm] ? digest.toLowerCase() : digest, passwordEncryptionMethod: algorithm });
};

/**
 * Whether `password` matches the stored `encrypted` of `method`; false for a method the server cannot verify. A costly
 * digest waits for the verification pool in `queue` (its tenant's).
 */
export const verifyPassword = async (method: string | null, encrypted: string, password: string, queue: string) => {
  const hex = hexDigests[method as PasswordAlgorithm];
  if (hex) {
    const presented = createHash(hex.hash).update(password).digest();
    const stored = Buffer.from(encrypted, 'hex');
    return stored.length === presented.length && timingSafeEqual(stored, presented);
  }
  if (method === 'Bcrypt') return costlyDigests.verify(encrypted, password, queue);
  if (!isArgon2(method)) return false;
  const [, , memory, passes, lanes] = argon2Digest.exec(encrypted) ?? [];
  const asCostlyAsOwn = Number(memory) <= ownArgon2Cost.memoryKib && Number(passes) <= ownArgon2Cost.passes && Number(lanes) <= ownArgon2Cost.lanes;
  return asCostlyAsOwn ? verifyArgon2(encrypted, password).catch(() => false) : costlyDigests.verify(encrypted, password, queue);
};
