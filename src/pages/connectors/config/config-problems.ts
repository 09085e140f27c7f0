import { t } from '@lingui/core/macro';
import type { ConfigProblem } from '#schemas/connector-config-problems.ts';

/** What a connector's config field shows when the server refuses it, in the admin's language, by its problem. */
export const configProblemTexts = (): Record<ConfigProblem, string> => ({
  required: t`Required.`,
  text: t`Enter text.`,
  number: t`Enter a number.`,
  boolean: t`Turn it on or off.`,
  choice: t`Choose one of the listed values.`,
  choices: t`Choose among the listed values.`,
  json_object: t`Enter a JSON object.`,
  http_url: t`Enter an http(s) URL.`,
  https_url: t`Enter an https URL (http only for a provider on this machine).`,
  port: t`Enter a port from 1 to 65535.`,
  email: t`Enter an e-mail address.`,
  templates: t`Enter a JSON list of templates, each with usageType and content, and optionally locale and subject.`,
  certificate: t`Paste a certificate in PEM (-----BEGIN CERTIFICATE-----).`,
  sender_name_url: t`URL is not allowed in sender name.`,
  company_information_url: t`URL is not allowed in company information.`,
  profile_map_id: t`Map the id: give the path of the user's id in the provider's answer.`,
  profile_map_paths: t`Each path must be text.`,
  endpoints_together: t`Fill in the authorization, token and JWKS endpoints together, or none of them.`,
});
