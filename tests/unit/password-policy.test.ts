import { describe, expect, test } from 'vitest';
import {
  checkPassword,
  defaultPasswordPolicy,
  passwordIssue,
  passwordSymbols,
  type PasswordPolicy,
} from '#schemas/password-policy.ts';

const policyWith = (changes: { min?: number; max?: number; types?: number; words?: string[]; rejects?: Partial<PasswordPolicy['rejects']> }): PasswordPolicy => ({
  length: { min: changes.min ?? 8, max: changes.max ?? 256 },
  characterTypes: { min: changes.types ?? 1 },
  rejects: { ...defaultPasswordPolicy.rejects, words: changes.words ?? [], ...changes.rejects },
});

describe('the password policy checker (spec 02 §5, sign-in-experience.md §6)', () => {
  test.each(['Correct-Horse-42', 'plainlowercaseletters', 'Tr0ub4dor&3', 'a1b2c3d4e5'])('accepts %s under the default policy', (password) => {
    expect(checkPassword(password)).toEqual([]);
  });

  test('length: too_short below the minimum, too_long above the maximum', () => {
    expect(checkPassword('Ab1!kqz')).toEqual(['too_short']);
    expect(checkPassword('Ab1!kqzm')).toEqual([]);
    expect(checkPassword(`Ab1!${'xq'.repeat(126)}`)).toEqual([]);
    expect(checkPassword(`Ab1!${'xq'.repeat(127)}`)).toEqual(['too_long']);
    expect(checkPassword('Kettle-Moss', {}, policyWith({ min: 12 }))).toEqual(['too_short']);
    expect(checkPassword('Kettle-Moss', {}, policyWith({ max: 10 }))).toEqual(['too_long']);
  });

  test('unsupported_characters: anything but letters a-z, A-Z, digits and the 33 printable symbols', () => {
    expect(checkPassword('Pässwörter-1')).toEqual(['unsupported_characters']);
    expect(checkPassword('tab\there-pass')).toEqual(['unsupported_characters']);
    expect(checkPassword('kettle🫖moss')).toEqual(['unsupported_characters']);
    expect(passwordSymbols).toHaveLength(33);
    expect(checkPassword(`Kq7${passwordSymbols}`, {}, policyWith({ types: 4 }))).toEqual([]);
    expect(checkPassword('with spaces in it')).toEqual([]);
  });

  test('character_types: lowercase, uppercase, digits and symbols count as four types', () => {
    const three = policyWith({ types: 3 });
    expect(checkPassword('onlyletters', {}, three)).toEqual(['character_types']);
    expect(checkPassword('OnlyLetters', {}, three)).toEqual(['character_types']);
    expect(checkPassword('Letters4you', {}, three)).toEqual([]);
    expect(checkPassword('letters-4you', {}, three)).toEqual([]);
    expect(checkPassword('Letters4you', {}, policyWith({ types: 4 }))).toEqual(['character_types']);
    expect(checkPassword('Letters4you!', {}, policyWith({ types: 4 }))).toEqual([]);
  });

  test('restricted.repetition: one character three times or more, refused when the marked characters exceed the length minus 3', () => {
    expect(checkPassword('aaaaaaaa')).toEqual(['restricted.repetition']);
    expect(checkPassword('aaaaaaXy')).toEqual(['restricted.repetition']);
    expect(checkPassword('aaaaaXyz')).toEqual([]);
    expect(checkPassword('aaaBBBq9')).toEqual(['restricted.repetition']);
    expect(checkPassword('aaBBqq99')).toEqual([]);
    // The same letter in another case is another character.
    expect(checkPassword('aAaAaAaA')).toEqual([]);
  });

  test('restricted.sequence: digits, the alphabet, keyboard rows and columns, either way, in one case', () => {
    for (const password of ['12345678', '87654321', 'abcdefgh', 'ABCDEFGH', 'qwertyui', 'poiuytre', 'asdfghj!', 'zxcvbnm1']) {
      expect(checkPassword(password)).toEqual(['restricted.sequence']);
    }
    expect(checkPassword('1qaz2wsx')).toEqual(['restricted.sequence']);
    expect(checkPassword('3edc4rfv')).toEqual(['restricted.sequence']);
    expect(checkPassword('8ik,9ol.')).toEqual(['restricted.sequence']);
    expect(checkPassword('xsw2zaq1')).toEqual(['restricted.sequence']);
    expect(checkPassword('abc-Zq9!x')).toEqual([]);
    expect(checkPassword('aBcDeFgH')).toEqual([]);
    expect(checkPassword('ab-cd-ef-gh')).toEqual([]);
  });

  test('restricted.words: a custom word in any case, refused only when it leaves fewer than 3 other characters', () => {
    const words = policyWith({ words: ['gatehouse', 'Moss'] });
    expect(checkPassword('GateHouse1', {}, words)).toEqual(['restricted.words']);
    expect(checkPassword('mossMOSS!', {}, words)).toEqual(['restricted.words']);
    expect(checkPassword('Gatehouse#Gatehouse', {}, words)).toEqual(['restricted.words']);
    expect(checkPassword('My-GateHouse-1', {}, words)).toEqual([]);
    expect(checkPassword('GateHouse1', {}, defaultPasswordPolicy)).toEqual([]);
  });

  test('restricted.user_info: the name, username, e-mail local part or phone at any position, in any case', () => {
    expect(checkPassword('AliceAlice9', { username: 'alice' })).toEqual(['restricted.user_info']);
    expect(checkPassword('Bob.Smith-9', { email: 'bob.smith@example.com' })).toEqual(['restricted.user_info']);
    expect(checkPassword('Bob.Smith-99', { email: 'bob.smith@example.com' })).toEqual([]);
    expect(checkPassword('AnnLee!7', { name: 'Ann Lee' })).toEqual(['restricted.user_info']);
    expect(checkPassword('LEE-ANN7', { name: 'Ann Lee' })).toEqual(['restricted.user_info']);
    expect(checkPassword('AnnLee!7x', { name: 'Ann Lee' })).toEqual([]);
    expect(checkPassword('T14729810', { phone: '+1 472 9810' })).toEqual(['restricted.user_info']);
    expect(checkPassword('Tel14729810', { phone: '+1 472 9810' })).toEqual([]);
  });

  test('restricted.user_info is skipped without user info, and when the policy does not reject it', () => {
    expect(checkPassword('AliceAlice9')).toEqual([]);
    expect(checkPassword('AliceAlice9', { username: 'alice' }, policyWith({ rejects: { userInfo: false } }))).toEqual([]);
  });

  test('repetition and sequences are not restricted when the policy allows them', () => {
    expect(checkPassword('12345678', {}, policyWith({ rejects: { repetitionAndSequence: false } }))).toEqual([]);
    expect(checkPassword('aaaaaaaa', {}, policyWith({ rejects: { repetitionAndSequence: false } }))).toEqual([]);
  });

  test('each kind of phrase that marked characters is named when together they pass the tolerance', () => {
    expect(checkPassword('111abc1x')).toEqual(['restricted.repetition', 'restricted.sequence']);
    expect(checkPassword('MossKettle', { username: 'kettle' }, policyWith({ words: ['moss'] }))).toEqual(['restricted.words', 'restricted.user_info']);
    expect(checkPassword('MossKettle-42', { username: 'kettle' }, policyWith({ words: ['moss'] }))).toEqual([]);
  });

  test('several rejections at once; the tolerance is at least one character', () => {
    expect(checkPassword('aaa')).toEqual(['too_short', 'restricted.repetition']);
    expect(checkPassword('gatehouse12', {}, policyWith({ min: 12, types: 3, words: ['gatehouse'] }))).toEqual(['too_short', 'character_types', 'restricted.words']);
  });

  test('pwned is never the pure checker’s', () => {
    expect(checkPassword('P@ssw0rd12345')).toEqual([]);
  });

  test('issues carry the numbers their messages name', () => {
    const policy = policyWith({ min: 10, max: 20, types: 3 });
    expect(passwordIssue('too_short', policy)).toEqual({ code: 'too_short', interpolation: { min: 10 } });
    expect(passwordIssue('too_long', policy)).toEqual({ code: 'too_long', interpolation: { max: 20 } });
    expect(passwordIssue('character_types', policy)).toEqual({ code: 'character_types', interpolation: { min: 3 } });
    expect(passwordIssue('restricted.words', policy)).toEqual({ code: 'restricted.words' });
  });
});
