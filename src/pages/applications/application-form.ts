import { t } from '@lingui/core/macro';
import { displayNameMaxLength } from '#schemas/application-branding.ts';
import { refreshTokenTtlInDaysRange } from '#schemas/application.ts';

/** The fields' messages; the rules are the server's guards in schemas/application.ts (`*` stands for a list's index). */
export const applicationFieldMessages = () => ({
  // The same limit as an API resource's name.
  name: t`Enter a name of 1 to 256 characters.`,
  type: t`Choose the type of app.`,
  description: t`Enter a description of at most 2,048 characters.`,
  'oidcClientMetadata.redirectUris.*': t`Enter an http(s) URL without a fragment. A native app may also use a custom scheme such as io.example.app://callback, and plain http only on localhost.`,
  'oidcClientMetadata.postLogoutRedirectUris.*': t`Enter an http(s) URL without a fragment. A native app may also use a custom scheme such as io.example.app://callback, and plain http only on localhost.`,
  'oidcClientMetadata.backchannelLogoutUri': t`Enter an http(s) URL.`,
  'oidcClientMetadata.logoUri': t`Enter an http(s) URL.`,
  'customClientMetadata.corsAllowedOrigins.*': t`Enter an origin without a path or trailing slash, such as https://app.example.com.`,
  'customClientMetadata.refreshTokenTtlInDays': t`Enter a whole number of days from ${refreshTokenTtlInDaysRange.min} to ${refreshTokenTtlInDaysRange.max}.`,
});

/** The messages of the branding tab's fields; the rules are those of schemas/application-branding.ts. */
export const brandingFieldMessages = () => {
  const url = t`Enter an http(s) URL.`;
  const color = t`Enter a hex colour such as #5d34f2 or #53f.`;
  return {
    'color.primaryColor': color,
    'color.darkPrimaryColor': color,
    'branding.logoUrl': url,
    'branding.darkLogoUrl': url,
    termsOfUseUrl: url,
    privacyPolicyUrl: url,
    displayName: t`Enter a name of at most ${displayNameMaxLength} characters, without control characters.`,
  };
};
