import { t } from '@lingui/core/macro';
import type { ErrorCode } from '#schemas/error-codes.ts';
import type { FieldCodes } from '#src/ui/form/form-errors.ts';
import { avatarMaxLength, identifierMaxLength } from '#schemas/user.ts';
import { phoneDigits } from '#schemas/tenant-user.ts';

/** The identifiers a user signs in with: at least one of them (or a linked identity) is needed (users.md §3). */
export const identifierFields = ['primaryEmail', 'primaryPhone', 'username'] as const;
export type IdentifierField = (typeof identifierFields)[number];
export type IdentifierValues = Record<IdentifierField, string>;

/** The fields' messages; the rules are the server's guards in schemas/tenant-user.ts. */
export const userFieldMessages = () => ({
  primaryEmail: t`Enter a valid e-mail address.`,
  primaryPhone: t`Enter a phone number: digits, optionally with a leading + and the country code.`,
  username: t`A username starts with a letter or an underscore and has only letters, digits and underscores.`,
  name: t`Enter a name of up to ${identifierMaxLength} characters.`,
  avatar: t`Enter an http or https URL of up to ${avatarMaxLength} characters.`,
});

/** Server codes that belong to one field of the user forms (users.md §3: on the field, not as a toast). */
export const userFieldCodes = (): FieldCodes => ({
  'user.email_already_in_use': ['primaryEmail', t`This e-mail address is already in use.`],
  'user.phone_already_in_use': ['primaryPhone', t`This phone number is already in use.`],
  'user.username_already_in_use': ['username', t`This username is already in use.`],
});

export const missingIdentifierCode: ErrorCode = 'user.missing_identifier';

/** No identifier given: every identifier field turns red, and one message says why (under the key `identifier`). */
export const missingIdentifierErrors = () => ({
  primaryEmail: true,
  primaryPhone: true,
  username: true,
  identifier: t`Enter an e-mail address, a phone number or a username: the user needs one to sign in.`,
});

/** What is sent of an identifier: trimmed, a phone as its digits (with the country code); empty when none. */
export const identifierValue = (field: IdentifierField, value: string) => {
  const trimmed = value.trim();
  return field === 'primaryPhone' && trimmed ? phoneDigits(trimmed) : trimmed;
};

export const hasIdentifier = (values: IdentifierValues) => identifierFields.some((field) => values[field].trim() !== '');
