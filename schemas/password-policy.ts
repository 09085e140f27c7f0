/** Password policy of spec 02 §5, as a pure function shared by the sign-up page and its tests. */
import * as z from 'zod/mini';

export const passwordRejectionCodes = [
  'too_short',
  'too_long',
  'unsupported_characters',
  'character_types',
  'pwned',
  'restricted.repetition',
  'restricted.sequence',
  'restricted.words',
  'restricted.user_info',
] as const;
export type PasswordRejectionCode = (typeof passwordRejectionCodes)[number];

export type PasswordPolicy = {
  length: { min: number; max: number };
  /** How many of the four character types (lowercase, uppercase, digits, symbols) are required, 1 to 4. */
  characterTypes: { min: number };
  rejects: {
    /** Refused when the breached-password range lookup (spec 02 §7) knows it; checked by the server only. */
    pwned: boolean;
    repetitionAndSequence: boolean;
    userInfo: boolean;
    /** Lower-case phrases a password must not contain. */
    words: string[];
  };
};

export const defaultPasswordPolicy: PasswordPolicy = {
  length: { min: 8, max: 256 },
  characterTypes: { min: 1 },
  rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: [] },
};

/** Runs of this many repeated or sequential characters are restricted; also the restricted phrase tolerance. */
export const restrictedRunLength = 3;

/** Identifiers of the person choosing the password, checked by restricted.user_info. */
export type PasswordUserInfo = { username?: string | null; email?: string | null; name?: string | null };

const sequences = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];

const characterTypes = [/[a-z]/, /[A-Z]/, /\d/, /[^a-zA-Z\d]/];

/** Printable ASCII only, as the incumbent's policy. */
const supportedCharacters = /^[\x20-\x7E]*$/;

/** +1 when `next` follows `previous` in a sequence, -1 when it precedes it, 0 otherwise. */
const sequenceStep = (previous: string, next: string) => {
  for (const sequence of sequences) {
    const index = sequence.indexOf(previous);
    if (index === -1) continue;
    if (sequence[index + 1] === next) return 1;
    if (index > 0 && sequence[index - 1] === next) return -1;
  }
  return 0;
};

const repetitionStep = (previous: string, next: string) => (previous === next ? 1 : 0);

/** Counts the characters that sit in runs of at least `restrictedRunLength` in which every step has one direction. */
const countRunCharacters = (characters: string[], step: (previous: string, next: string) => number) => {
  const restricted = new Set<number>();
  let start = 0;
  let direction = 0;
  for (let index = 1; index <= characters.length; index += 1) {
    const next = index < characters.length ? step(characters[index - 1]!, characters[index]!) : 0;
    if (next !== 0 && (direction === 0 || next === direction)) {
      direction = next;
      continue;
    }
    if (index - start >= restrictedRunLength) for (let at = start; at < index; at += 1) restricted.add(at);
    start = next === 0 ? index : index - 1;
    direction = next;
  }
  return restricted.size;
};

const userInfoPhrases = ({ username, email, name }: PasswordUserInfo) =>
  [username, email, email?.split('@')[0], ...(name?.split(/\s+/) ?? [])]
    .filter((value): value is string => typeof value === 'string' && value.length >= restrictedRunLength)
    .map((value) => value.toLowerCase());

/** Returns the rejection codes for `password`; an empty list means it is accepted. */
export const checkPassword = (
  password: string,
  userInfo: PasswordUserInfo = {},
  policy: PasswordPolicy = defaultPasswordPolicy,
): PasswordRejectionCode[] => {
  const codes: PasswordRejectionCode[] = [];
  if (password.length < policy.length.min) codes.push('too_short');
  if (password.length > policy.length.max) codes.push('too_long');
  if (!supportedCharacters.test(password)) codes.push('unsupported_characters');
  const types = characterTypes.filter((pattern) => pattern.test(password)).length;
  if (types < Math.min(Math.max(policy.characterTypes.min, 1), characterTypes.length)) codes.push('character_types');

  const lower = password.toLowerCase();
  if (policy.rejects.repetitionAndSequence) {
    const characters = [...lower];
    const tolerance = Math.max(password.length - restrictedRunLength, 1);
    if (countRunCharacters(characters, repetitionStep) > tolerance) codes.push('restricted.repetition');
    if (countRunCharacters(characters, sequenceStep) > tolerance) codes.push('restricted.sequence');
  }
  if (policy.rejects.words.some((word) => word.length > 0 && lower.includes(word.toLowerCase()))) {
    codes.push('restricted.words');
  }
  if (policy.rejects.userInfo && userInfoPhrases(userInfo).some((phrase) => lower.includes(phrase))) {
    codes.push('restricted.user_info');
  }
  return codes;
};

/** Gatehouse's caps on restricted words (sign-in-experience.md §6). */
export const restrictedWordsMax = 500;
export const restrictedWordMaxLength = 128;
export const passwordMaxLengthLimit = 256;

export const passwordPolicyGuard = z
  .strictObject({
    length: z.strictObject({
      min: z.int().check(z.minimum(1), z.maximum(passwordMaxLengthLimit)),
      max: z.int().check(z.minimum(1), z.maximum(passwordMaxLengthLimit)),
    }),
    characterTypes: z.strictObject({ min: z.int().check(z.minimum(1), z.maximum(4)) }),
    rejects: z.strictObject({
      pwned: z.boolean(),
      repetitionAndSequence: z.boolean(),
      userInfo: z.boolean(),
      words: z
        .array(z.string().check(z.minLength(1), z.maxLength(restrictedWordMaxLength)))
        .check(z.maxLength(restrictedWordsMax)),
    }),
  })
  .check(z.refine((policy) => policy.length.min <= policy.length.max, { message: 'length.min must not exceed length.max.', path: ['length', 'min'] }));
