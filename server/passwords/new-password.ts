import {
  checkPassword,
  defaultPasswordPolicy,
  passwordIssue,
  type PasswordIssue,
  type PasswordPolicy,
  type PasswordRejectionCode,
  type PasswordUserInfo,
} from '#schemas/password-policy.ts';
import type { ServerConfig } from '#server/config.ts';
import { isBreachedPassword } from './breached.ts';

/**
 * The rejection codes of a password someone sets now: the policy's pure rules (schemas/password-policy.ts), then, only
 * when they pass and the policy rejects breached passwords, the range lookup (`pwned`). Empty: accepted.
 */
export const checkNewPassword = async (
  { breachedPasswordsUrl }: Pick<ServerConfig, 'breachedPasswordsUrl'>,
  password: string,
  userInfo: PasswordUserInfo,
  policy: PasswordPolicy,
): Promise<PasswordRejectionCode[]> => {
  const codes = checkPassword(password, userInfo, policy);
  if (codes.length > 0 || !policy.rejects.pwned) return codes;
  return (await isBreachedPassword(breachedPasswordsUrl, password)) ? ['pwned'] : [];
};

/** A refusal of a password (422 password.rejected): its codes, which the console's password change reads, and its issues. */
export type PasswordRejection = { reason: 'password.rejected'; details: { codes: PasswordRejectionCode[]; issues: PasswordIssue[] } };

export const passwordRejection = (codes: PasswordRejectionCode[], policy: PasswordPolicy = defaultPasswordPolicy): PasswordRejection => ({
  reason: 'password.rejected',
  details: { codes, issues: codes.map((code) => passwordIssue(code, policy)) },
});
