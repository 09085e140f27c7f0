/**
 * Why a connector's config field is refused: each detail of a 400 `connector.invalid_config_guard` names its field
 * (`path`), an English `message`, and the problem in `params.problem`, which the console words in the admin's language
 * (src/pages/connectors/config/config-problems.ts). The English messages are the API's; spec 02 §5 fixes the two about URLs.
 */
export const configProblemMessages = {
  required: 'Required.',
  text: 'Must be text.',
  number: 'Must be a number.',
  boolean: 'Must be true or false.',
  choice: 'Must be one of the listed values.',
  choices: 'Must be a list of the listed values.',
  json_object: 'Must be a JSON object.',
  http_url: 'Must be an http(s) URL.',
  https_url: 'Must be an https URL (http only on this machine).',
  port: 'Must be a port from 1 to 65535.',
  email: 'Must be an e-mail address.',
  templates: 'Must be a list of { usageType, locale?, subject?, content } with a usage type of connectors.md §6.',
  certificate: 'Must be a certificate in PEM (-----BEGIN CERTIFICATE-----).',
  sender_name_url: 'URL is not allowed in sender name.',
  company_information_url: 'URL is not allowed in company information.',
  profile_map_id: 'Needs the path of the id.',
  profile_map_paths: 'Each path must be text.',
  endpoints_together: 'Fill in the authorization, token and JWKS endpoints together, or none of them.',
} as const;
export type ConfigProblem = keyof typeof configProblemMessages;
export const configProblems = Object.keys(configProblemMessages) as ConfigProblem[];
export const isConfigProblem = (value: unknown): value is ConfigProblem => typeof value === 'string' && Object.hasOwn(configProblemMessages, value);

/** The field errors of a config check, by the form item's key. */
export type ConfigFieldProblems = Record<string, ConfigProblem>;
