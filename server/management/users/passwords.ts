import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { verify as verifyArgon2 } from '@node-rs/argon2';
import { checkPassword, type PasswordPolicy, type PasswordUserInfo } from '../../../schemas/password-policy.ts';
import type { PasswordAlgorithm } from '../../../schemas/tenant-user.ts';
import { hashPassword } from '../../accounts/password-sign-in.ts';
import { ApiError } from '../../api/errors.ts';
import { passwordEncryptionMethod } from '../../sign-in/users.ts';
import { invalidField } from '../errors.ts';

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

/** 422 with the rules of spec 02 §5 the password breaks, as the Me API answers them. */
export const passwordRejected = (codes: string[]) => new ApiError(422, 'password.rejected', 'The password does not meet the password policy.', { codes });

/** The argon2id hash of a password the policy accepts, or 422. */
export const hashAcceptedPassword = async (password: string, userInfo: PasswordUserInfo, policy: PasswordPolicy) => {
  const codes = checkPassword(password, userInfo, policy);
  if (codes.length > 0) throw passwordRejected(codes);
  return { passwordEncrypted: await hashPassword(password), passwordEncryptionMethod };
};

type DigestAlgorithm = Exclude<PasswordAlgorithm, 'Bcrypt'>;
const hexDigests: Partial<Record<DigestAlgorithm, { hash: string; length: number }>> = {
  SHA1: { hash: 'sha1', length: 40 },
  SHA256: { hash: 'sha256', length: 64 },
  MD5: { hash: 'md5', length: 32 },
};
const argon2Prefixes: Partial<Record<DigestAlgorithm, string>> = { Argon2i: '$argon2i$', Argon2id: '$argon2id$', Argon2d: '$argon2d$' };

/** The algorithms a digest may be imported with; bcrypt needs a library the server does not have. */
export const isImportable = (algorithm: PasswordAlgorithm): algorithm is DigestAlgorithm => algorithm !== 'Bcrypt';

export const algorithmNotSupported = (algorithm: string) =>
  new ApiError(400, 'user.password_algorithm_not_supported', `Password digests of ${algorithm} cannot be imported.`);

/** An imported digest as stored: argon2 in its PHC string, the others as lower-case hex; 400 when it is not one. */
export const importedDigest = (algorithm: PasswordAlgorithm, digest: string) => {
  if (!isImportable(algorithm)) throw algorithmNotSupported(algorithm);
  const hex = hexDigests[algorithm];
  const valid = hex ? new RegExp(`^[0-9a-f]{${hex.length}}$`, 'i').test(digest) : digest.startsWith(argon2Prefixes[algorithm]!);
  if (!valid) throw invalidField('passwordDigest', `Must be a ${algorithm} digest${hex ? ` in hex (${hex.length} characters)` : ' in its encoded form'}.`);
  return { passwordEncrypted: hex ? digest.toLowerCase() : digest, passwordEncryptionMethod: algorithm };
};

/** Whether `password` matches the stored `encrypted` of `method`; false for a method the server cannot verify. */
export const verifyPassword = async (method: string | null, encrypted: string, password: string) => {
  const hex = hexDigests[method as DigestAlgorithm];
  if (hex) {
    const presented = createHash(hex.hash).update(password).digest();
    const stored = Buffer.from(encrypted, 'hex');
    return stored.length === presented.length && timingSafeEqual(stored, presented);
  }
  if (!argon2Prefixes[method as DigestAlgorithm]) return false;
  return verifyArgon2(encrypted, password).catch(() => false);
};
