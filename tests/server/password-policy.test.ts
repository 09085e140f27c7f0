import { describe, expect, test } from 'vitest';
import { checkPassword, defaultPasswordPolicy, type PasswordPolicy } from '#schemas/password-policy.ts';

describe('password policy (spec 02 §5)', () => {
  test.each(['Correct-Horse-42', 'plainlowercaseletters', 'Tr0ub4dor&3', 'a1b2c3d4e5'])('accepts %s', (password) => {
    expect(checkPassword(password)).toEqual([]);
  });

  test('length 8 to 256', () => {
    expect(checkPassword('Ab1!xyz')).toEqual(['too_short']);
    expect(checkPassword('Ab1!xyzq')).toEqual([]);
    expect(checkPassword(`Ab1!${'xq'.repeat(126)}`)).toEqual([]);
    expect(checkPassword(`Ab1!${'xq'.repeat(127)}`)).toEqual(['too_long']);
  });

  test('only printable ASCII', () => {
    expect(checkPassword('Pässwörter-1')).toEqual(['unsupported_characters']);
    expect(checkPassword('tab\there-pass')).toEqual(['unsupported_characters']);
  });

  test('character types: the default needs one; a stricter policy counts lower, upper, digits and symbols', () => {
    const strict: PasswordPolicy = { ...defaultPasswordPolicy, characterTypes: { min: 3 } };
    expect(checkPassword('onlyletters', {}, strict)).toEqual(['character_types']);
    expect(checkPassword('Letters4you', {}, strict)).toEqual([]);
    expect(checkPassword('letters-4you', {}, strict)).toEqual([]);
  });

  test('repetition: rejected when restricted characters exceed the length minus 3', () => {
    expect(checkPassword('aaaaaaaa')).toEqual(['restricted.repetition']);
    expect(checkPassword('aaaaaaXy')).toEqual(['restricted.repetition']);
    expect(checkPassword('aaaaaXyz')).toEqual([]);
  });

  test('sequences: digits, alphabet and keyboard rows, either direction, any case', () => {
    expect(checkPassword('12345678')).toEqual(['restricted.sequence']);
    expect(checkPassword('87654321')).toEqual(['restricted.sequence']);
    expect(checkPassword('ABCDEFGH')).toEqual(['restricted.sequence']);
    expect(checkPassword('qwertyui')).toEqual(['restricted.sequence']);
    expect(checkPassword('asdfghj!')).toEqual(['restricted.sequence']);
    expect(checkPassword('abc-Zq9!x')).toEqual([]);
  });

  test('user info and restricted words', () => {
    expect(checkPassword('Alice-in-2024', { username: 'alice' })).toEqual(['restricted.user_info']);
    expect(checkPassword('Bob.Smith-99', { email: 'bob.smith@example.com' })).toEqual(['restricted.user_info']);
    expect(checkPassword('Alice-in-2024', { username: 'al' })).toEqual([]);
    const words: PasswordPolicy = { ...defaultPasswordPolicy, rejects: { ...defaultPasswordPolicy.rejects, words: ['gatehouse'] } };
    expect(checkPassword('My-GateHouse-1', {}, words)).toEqual(['restricted.words']);
  });

  test('several rejections at once', () => {
    expect(checkPassword('aaa')).toEqual(['too_short', 'restricted.repetition']);
  });
});
