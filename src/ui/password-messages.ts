import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { defaultPasswordPolicy, type PasswordPolicy, type PasswordRejectionCode } from '#schemas/password-policy.ts';

/** The message of each password rejection code (spec 02 §8), with the policy's lengths. */
export function usePasswordRejectionMessages(policy: PasswordPolicy = defaultPasswordPolicy): Record<PasswordRejectionCode, string> {
  const { t } = useLingui();
  const { min, max } = policy.length;
  return {
    too_short: plural(min, { one: 'The password must have at least # character.', other: 'The password must have at least # characters.' }),
    too_long: plural(max, { one: 'The password must have at most # character.', other: 'The password must have at most # characters.' }),
    unsupported_characters: t`The password contains unsupported characters.`,
    character_types: t`The password needs more kinds of characters (lowercase, uppercase, digits, symbols).`,
    pwned: t`This password has appeared in a data breach. Choose another one.`,
    'restricted.repetition': t`The password must not repeat the same character.`,
    'restricted.sequence': t`The password must not contain sequences such as 123 or abc.`,
    'restricted.words': t`The password contains a restricted word.`,
    'restricted.user_info': t`The password must not contain your name, username or e-mail.`,
  };
}
