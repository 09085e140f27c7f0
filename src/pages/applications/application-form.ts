import { t } from '@lingui/core/macro';
import { refreshTokenTtlInDaysRange } from '../../../schemas/application.ts';

/** The fields' messages; the rules are the server's guards in schemas/application.ts (`*` stands for a list's index). */
export const applicationFieldMessages = () => ({
  // The same limit as an API resource's name.
  name: t`Enter a name of 1 to 256 characters.`,
  type: t`Choose the type of app.`,
  description: t`Enter a description of at most 2,048 characters.`,
  'oidcClientMetadata.redirectUris.*': t`Enter an http(s) URL or a custom-scheme URI such as io.example.app://callback, without a fragment.`,
  'oidcClientMetadata.postLogoutRedirectUris.*': t`Enter an http(s) URL or a custom-scheme URI such as io.example.app://callback, without a fragment.`,
  'oidcClientMetadata.backchannelLogoutUri': t`Enter an http(s) URL.`,
  'oidcClientMetadata.logoUri': t`Enter an http(s) URL.`,
  'customClientMetadata.corsAllowedOrigins.*': t`Enter an origin without a path or trailing slash, such as https://app.example.com.`,
  'customClientMetadata.refreshTokenTtlInDays': t`Enter a whole number of days from ${refreshTokenTtlInDaysRange.min} to ${refreshTokenTtlInDaysRange.max}.`,
});
