import { checkPassword, type PasswordPolicy, type PasswordRejectionCode, type PasswordUserInfo } from '#schemas/password-policy.ts';

/** Why a new password is refused by the policy (none: accepted): registration's one check, where the breached-password lookup goes. */
export const newPasswordProblems = async (password: string, userInfo: PasswordUserInfo, policy: PasswordPolicy): Promise<PasswordRejectionCode[]> =>
  checkPassword(password, userInfo, policy);
