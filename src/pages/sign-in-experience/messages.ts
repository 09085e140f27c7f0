import { useLingui } from '@lingui/react/macro';
import type { SignInIdentifier } from '#schemas/sign-in-experience.ts';
import type { FieldMessages } from '#src/ui/form/form-errors.ts';
import type { RuleMessages } from './form.ts';

/** The fields' messages when the shared schema refuses them, and the rules' of sign-in-experience.md §4. */
export function useSignInExperienceMessages(): { fields: FieldMessages; rules: RuleMessages } {
  const { t } = useLingui();
  const color = t`Enter a hex colour such as #5d34f2 or #53f.`;
  const url = t`Enter an http(s) URL.`;
  const length = t`Enter a whole number from 1 to 256, the minimum not above the maximum.`;
  return {
    fields: {
      'color.primaryColor': color,
      'color.darkPrimaryColor': color,
      'branding.logoUrl': url,
      'branding.darkLogoUrl': url,
      'branding.favicon': url,
      'branding.darkFavicon': url,
      customCss: t`Custom CSS holds at most 64 KiB and cannot contain </style.`,
      termsOfUseUrl: url,
      privacyPolicyUrl: url,
      supportWebsiteUrl: url,
      unknownSessionRedirectUrl: url,
      supportEmail: t`Enter an e-mail address.`,
      'passwordPolicy.length.min': length,
      'passwordPolicy.length.max': length,
      'passwordPolicy.characterTypes.min': t`Choose from 1 to 4 character types.`,
      'passwordPolicy.rejects.words': t`At most 500 words, each of 1 to 128 characters.`,
      'passwordPolicy.rejects.words.*': t`At most 500 words, each of 1 to 128 characters.`,
    },
    rules: {
      atLeastOneFactor: t`Each sign-in method needs a password or a verification code.`,
      passwordlessRequiresVerify: t`Without a password, an e-mail or phone sign-up must be verified.`,
      needsConnector: t`This verification code needs a connector the tenant does not have: an e-mail connector for e-mail, an SMS connector for phone.`,
      codeSignInMustBeEnabled: t`Without a password at sign-up, every e-mail and phone sign-in needs a verification code.`,
      duplicatedIdentifiers: t`Each identifier can be a sign-in method only once.`,
      unsupportedLanguage: t`This language is not supported.`,
    },
  };
}

export function useIdentifierNames(): Record<SignInIdentifier, string> {
  const { t } = useLingui();
  return { username: t`Username`, email: t`E-mail address`, phone: t`Phone number` };
}
