import type { SocialLinkRefusal } from '../social/identities.ts';
import type { ProfileRefusal } from '../me/profile.ts';
import type { AccountGone } from '../me/password.ts';
import { accountNotFoundMessage, type RefusalMessages } from './errors.ts';

/** Every refusal of the Me API's domain (me/, social/), as its routes answer it. */
type MeRefusal =
  | ProfileRefusal
  | SocialLinkRefusal
  | AccountGone
  | { reason: 'user.too_many_attempts' | 'user.invalid_password' | 'password.rejected' | 'verification_code.too_many_requests' }
  | { reason: 'user.email_not_primary' | 'verification_code.not_found' | 'verification_code.expired' }
  | { reason: 'verification_code.exceed_max_try' | 'verification_code.code_mismatch' };

/** The message of each refusal of the Me API. */
export const meMessages: RefusalMessages<MeRefusal> = {
  'auth.account_not_found': accountNotFoundMessage,
  'user.username_already_in_use': 'This username is already in use.',
  'user.email_already_in_use': 'This e-mail is already used by another account.',
  'user.verification_required': ({ what }) => `Verify ${what} first; a verification is valid for 10 minutes.`,
  'user.too_many_attempts': 'Too many wrong passwords. Try again in 15 minutes.',
  'user.invalid_password': 'The password is not correct.',
  'password.rejected': 'The password does not meet the password policy.',
  'verification_code.too_many_requests': 'Too many codes were sent. Try again in 15 minutes.',
  'user.email_not_primary': 'A new password can be verified with the primary e-mail only.',
  'verification_code.not_found': 'No code was sent to this e-mail, or it was already used.',
  'verification_code.expired': 'The code has expired. Send a new one.',
  'verification_code.exceed_max_try': 'The code was entered wrongly too often. Send a new one.',
  'verification_code.code_mismatch': 'The code is not correct.',
  'connector.not_found': 'There is no social connector with this id.',
  'social.invalid_redirect_uri': 'The redirect URI must be an address of this server.',
  'social.invalid_state': 'This link request is unknown or has expired. Start linking again.',
  'connector.social_auth_code_invalid': 'The social provider did not accept the authorization code.',
  'user.identity_already_in_use': 'This social account is already linked to another user.',
  'user.identity_not_exist': 'No identity of this connector is linked to the account.',
};
