import type { FormItem } from '#schemas/connector.ts';

/** The form items every standard social connector asks for: the client registered at the provider, and the scope. */
export const clientItems = (defaultScope: string): FormItem[] => [
  { key: 'clientId', label: 'Client ID', type: 'Text', required: true },
  { key: 'clientSecret', label: 'Client secret', type: 'Text', required: true, isConfidential: true },
  {
    key: 'scope',
    label: 'Scope',
    type: 'Text',
    defaultValue: defaultScope,
    description: 'Space-separated scopes to ask the provider for.',
  },
];

/** Authorization parameters that may never be set from the config: the connector's own. */
const reservedParams = new Set(['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method']);

/** The config's extra authorization parameters, as strings, without the reserved ones. */
export const extraParamsOf = (config: Record<string, unknown>, key = 'extraAuthParams'): Record<string, string> => {
  const extra = config[key];
  if (!extra || typeof extra !== 'object' || Array.isArray(extra)) return {};
  return Object.fromEntries(
    Object.entries(extra)
      .filter(([name, value]) => !reservedParams.has(name) && ['string', 'number', 'boolean'].includes(typeof value))
      .map(([name, value]) => [name, String(value)]),
  );
};
