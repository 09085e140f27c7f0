import type { ErrorCode } from '#schemas/error-codes.ts';
import type { RefusalMessages } from '#server/api/errors.ts';
import type { SignInExperienceRefusal } from '#server/tenant/sign-in-experience/rules.ts';

type RuleRefusal = Exclude<SignInExperienceRefusal, { reason: 'guard.invalid_input' }>;

/** How the sign-in experience routes answer what its rules refuse (rules.ts). */
export const ruleMessages: RefusalMessages<RuleRefusal> = {
  'sign_in_experiences.at_least_one_authentication_factor': ({ details }) =>
    `The ${details.identifier} sign-in method needs a password, a verification code or both.`,
  'sign_in_experiences.passwordless_requires_verify':
    'Signing up with an e-mail address or phone number and no password needs it verified with a code.',
  'sign_in_experiences.enabled_connector_not_found': ({ details }) =>
    `Verification codes by ${details.type === 'Email' ? 'e-mail' : 'SMS'} need an enabled ${details.type === 'Email' ? 'e-mail' : 'SMS'} connector, and the tenant has none.`,
  'sign_in_experiences.code_sign_in_must_be_enabled':
    'Users who sign up without a password can sign in only with a verification code: allow it on every e-mail and phone sign-in method.',
  'sign_in_experiences.duplicated_sign_up_identifiers': 'Each sign-up identifier can be given once.',
  'sign_in_experiences.email_verification_code_cannot_be_used_for_sign_in':
    'An e-mail verification code cannot be both a way to sign in and an MFA factor.',
  'sign_in_experiences.phone_verification_code_cannot_be_used_for_sign_in':
    'An SMS verification code cannot be both a way to sign in and an MFA factor.',
  'sign_in_experiences.unsupported_default_language': ({ details }) =>
    `The fallback language ${details.languageTag} is neither a built-in language nor one with custom phrases.`,
};

/** The codes a write of the document may answer beside invalid input. */
export const ruleCodes = Object.keys(ruleMessages) as ErrorCode[];
