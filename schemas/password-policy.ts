/** Password policy of spec 02 §5 (sign-in-experience.md §6), as pure functions shared by the server, the sign-in pages and the console. */
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
    /** Phrases a password must not contain, in any case. */
    words: string[];
  };
};

export const defaultPasswordPolicy: PasswordPolicy = {
  length: { min: 8, max: 256 },
  characterTypes: { min: 1 },
  rejects: { pwned: true, repetitionAndSequence: true, userInfo: true, words: [] },
};

/** Runs of this many repeated or sequential characters are restricted. */
export const restrictedRunLength = 3;
/** A password is refused for its restricted phrases when fewer than this many of its characters are outside them. */
export const restrictedPhraseTolerance = 3;

/** Identifiers of the person choosing the password, checked by restricted.user_info. */
export type PasswordUserInfo = { name?: string | null; username?: string | null; email?: string | null; phone?: string | null };

/** The 33 printable ASCII symbols, space included. */
export const passwordSymbols = ' !"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

const characterTypeOf = (character: string) => {
  if (character >= 'a' && character <= 'z') return 'lowercase';
  if (character >= 'A' && character <= 'Z') return 'uppercase';
  if (character >= '0' && character <= '9') return 'digit';
  return passwordSymbols.includes(character) ? 'symbol' : undefined;
};

/** Digits, the alphabet, the keyboard rows and columns; a run is sequential inside one of them, read either way, all in one case. */
const sequences = ['0123456789', 'abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1qaz', '2wsx', '3edc', '4rfv', '5tgb', '6yhn', '7ujm', '8ik,', '9ol.'];
const sequenceStrings = sequences.flatMap((sequence) => {
  const reversed = [...sequence].reverse().join('');
  return [sequence, reversed, sequence.toUpperCase(), reversed.toUpperCase()];
});
const isSequential = (value: string) => sequenceStrings.some((sequence) => sequence.includes(value));

/** The length of the run of one repeated character from `start`, when it is long enough to be restricted; else 0. */
const repetitionAt = (password: string, start: number) => {
  let end = start + 1;
  while (end < password.length && password[end] === password[start]) end += 1;
  return end - start >= restrictedRunLength ? end - start : 0;
};

/** The length of the sequential run from `start`, when it is long enough to be restricted; else 0. */
const sequenceAt = (password: string, start: number) => {
  let end = start + 1;
  while (end < password.length && isSequential(password.slice(start, end + 1))) end += 1;
  return end - start >= restrictedRunLength ? end - start : 0;
};

/** The length of the longest of `phrases` (lower case) that `lower` has at `start`; 0 for none. */
const phraseAt = (lower: string, start: number, phrases: readonly string[]) =>
  phrases.reduce((longest, phrase) => (phrase.length > longest && lower.startsWith(phrase, start) ? phrase.length : longest), 0);

/** What restricted.user_info looks for: the name (whole, without its spaces, and each word), username, e-mail local part, phone. */
const userInfoPhrases = ({ name, username, email, phone }: PasswordUserInfo) => {
  const trimmedName = name?.trim() ?? '';
  const phrases = [trimmedName, trimmedName.replace(/\s+/g, ''), ...trimmedName.split(/\s+/), username?.trim(), email?.trim().split('@')[0], phone?.trim(), phone?.replace(/\D/g, '')];
  return [...new Set(phrases.filter((phrase): phrase is string => Boolean(phrase)).map((phrase) => phrase.toLowerCase()))];
};

/**
 * The restricted phrases: from each position, marks the characters of a repetition or sequence run, a restricted word
 * or a user info phrase starting there; the password is refused, with the code of every kind found, when more than
 * its length minus the tolerance (at least 1) are marked.
 */
const restrictedPhrases = (password: string, userInfo: PasswordUserInfo, { rejects }: PasswordPolicy): PasswordRejectionCode[] => {
  const lower = password.toLowerCase();
  const words = rejects.words.filter((word) => word.length > 0).map((word) => word.toLowerCase());
  const personal = rejects.userInfo ? userInfoPhrases(userInfo) : [];
  const marked = new Set<number>();
  const found = new Set<PasswordRejectionCode>();
  const mark = (start: number, length: number, code: PasswordRejectionCode) => {
    if (length === 0) return;
    for (let index = start; index < start + length; index += 1) marked.add(index);
    found.add(code);
  };
  for (let start = 0; start < password.length; start += 1) {
    if (rejects.repetitionAndSequence) {
      mark(start, repetitionAt(password, start), 'restricted.repetition');
      mark(start, sequenceAt(password, start), 'restricted.sequence');
    }
    mark(start, phraseAt(lower, start, words), 'restricted.words');
    mark(start, phraseAt(lower, start, personal), 'restricted.user_info');
  }
  return marked.size > Math.max(1, password.length - restrictedPhraseTolerance) ? [...found] : [];
};

/**
 * The rejection codes of `password` under `policy`, in the order of spec 02 §5; an empty list means it is accepted.
 * `pwned` is the server's (server/passwords/), never this function's. Without user info, restricted.user_info finds
 * nothing.
 */
export const checkPassword = (
  password: string,
  userInfo: PasswordUserInfo = {},
  policy: PasswordPolicy = defaultPasswordPolicy,
): PasswordRejectionCode[] => {
  const codes: PasswordRejectionCode[] = [];
  if (password.length < policy.length.min) codes.push('too_short');
  else if (password.length > policy.length.max) codes.push('too_long');
  const types = new Set([...password].map(characterTypeOf));
  if (types.has(undefined)) codes.push('unsupported_characters');
  else if (types.size < Math.min(Math.max(policy.characterTypes.min, 1), 4)) codes.push('character_types');
  return [...codes, ...restrictedPhrases(password, userInfo, policy)];
};

/** A rejection as the API answers it (sign-in-experience.md §8), with the numbers its message names. */
export type PasswordIssue = { code: PasswordRejectionCode; interpolation?: { min?: number; max?: number } };

export const passwordIssue = (code: PasswordRejectionCode, policy: PasswordPolicy): PasswordIssue => {
  if (code === 'too_short') return { code, interpolation: { min: policy.length.min } };
  if (code === 'too_long') return { code, interpolation: { max: policy.length.max } };
  if (code === 'character_types') return { code, interpolation: { min: policy.characterTypes.min } };
  return { code };
};

export const passwordIssueGuard = z.object({
  code: z.enum(passwordRejectionCodes),
  interpolation: z.optional(z.object({ min: z.optional(z.int()), max: z.optional(z.int()) })),
});

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

const sampleField = z.optional(z.string().check(z.maxLength(256)));

/** POST sign-in-exp/default/check-password: a password, checked against `policy` (a draft) or the tenant's, as `userId`'s or for `userInfo`. */
export const checkPasswordBodyGuard = z.strictObject({
  password: z.string().check(z.maxLength(1024)),
  userId: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  policy: z.optional(passwordPolicyGuard),
  userInfo: z.optional(z.strictObject({ name: sampleField, username: sampleField, email: sampleField, phone: sampleField })),
});

/** Its answer: 200 `{ result: true }`, or 400 `{ result: false, issues }`. */
export const checkPasswordResultGuard = z.union([
  z.strictObject({ result: z.literal(true) }),
  z.strictObject({ result: z.literal(false), issues: z.array(passwordIssueGuard) }),
]);
