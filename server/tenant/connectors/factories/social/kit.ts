import { createHash } from 'node:crypto';
import type { ConfigFieldProblems } from '#schemas/connector-config-problems.ts';
import type { ConnectorErrorCode, FormItem } from '#schemas/connector.ts';
import { isLoopbackHost } from '../../../../net/loopback.ts';
import type { ConnectorError, ConnectorOutcome, ConfigCheck } from '../../factory.ts';

/** What every social factory shares: its outcomes, its config checks and the secrets of one sign-in. */

export const succeeded = <Value>(value: Value): ConnectorOutcome<Value> => ({ ok: true, value });
export const refused = <Value = never>(code: ConnectorErrorCode, message?: string): ConnectorOutcome<Value> => ({
  ok: false,
  error: message ? { code, message: message.slice(0, 500) } : { code },
});

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * The contract passes one per-sign-in secret (`nonce`), kept by the sign-in flow on the server. The nonce the provider
 * sees and the PKCE verifier are both derived from it, so the verifier itself never leaves the server.
 */
export const sessionSecretsOf = (secret: string) => {
  const derive = (purpose: string) => base64url(createHash('sha256').update(`${purpose}:${secret}`).digest());
  const codeVerifier = derive('pkce');
  return { nonce: derive('nonce'), codeVerifier, codeChallenge: base64url(createHash('sha256').update(codeVerifier).digest()) };
};


const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

/** An absolute http(s) URL; http only on the loopback interface (a provider on this machine). */
export const isProviderUrl = (value: unknown) => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  } catch {
    return false;
  }
};

/**
 * Checks a config against its form items: required items present, numbers numbers, switches booleans, selects among
 * their values, JSON objects objects; `urls`: keys whose value must be a provider URL. Defaults fill what is missing,
 * and keys the form does not know are kept (connectors.md §4.2).
 */
export const checkAgainst = (items: FormItem[], config: Record<string, unknown>, urls: string[] = []): ConfigCheck => {
  const fields: ConfigFieldProblems = {};
  const checked: Record<string, unknown> = { ...config };
  for (const item of items) {
    const value = config[item.key] ?? item.defaultValue;
    if (value === undefined) {
      if (item.required) fields[item.key] = 'required';
      continue;
    }
    checked[item.key] = value;
    if (item.type === 'Switch' && typeof value !== 'boolean') fields[item.key] = 'boolean';
    else if (item.type === 'Json' && (typeof value !== 'object' || value === null || Array.isArray(value))) fields[item.key] = 'json_object';
    else if ((item.type === 'Text' || item.type === 'MultilineText' || item.type === 'Select') && typeof value !== 'string') fields[item.key] = 'text';
    else if (item.required && !isFilled(value)) fields[item.key] = 'required';
    else if (item.type === 'Select' && !item.selectItems?.some((choice) => choice.value === value)) fields[item.key] = 'choice';
    else if (urls.includes(item.key) && isFilled(value) && !isProviderUrl(value)) fields[item.key] = 'https_url';
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, config: checked };
};

/** A string config value ('' when absent). */
export const text = (config: Record<string, unknown>, key: string) => {
  const value = config[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** The scopes of a config, with `required` first when missing. */
export const scopesOf = (scope: string, required?: string) => {
  const scopes = scope.split(/[\s,]+/).filter(Boolean);
  return (required && !scopes.includes(required) ? [required, ...scopes] : scopes).join(' ');
};

/** A provider's answer that is not JSON, or a network failure, as a connector error (never thrown). */
export const failureOf = (error: unknown, code: ConnectorErrorCode = 'general'): ConnectorError => ({
  code,
  message: (error instanceof Error ? error.message : String(error)).slice(0, 500),
});

/** The error parameters a provider sends back instead of a code (RFC 6749 §4.1.2.1). */
export const providerRefusal = (data: Record<string, string>) =>
  data.error ? refused<never>('authorization_failed', [data.error, data.error_description].filter(Boolean).join(': ')) : undefined;

/** A value at a dot path of a JSON object (`user.emails.0.value`). */
export const valueAt = (data: unknown, path: string): unknown =>
  path.split('.').reduce<unknown>((value, key) => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined), data);

/** The same text in every shipped language. */
export type ByLanguage = Record<string, string>;
