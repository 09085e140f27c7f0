import type { FormItem } from '#schemas/connector.ts';
import { open, seal, type SecretsKey } from '#server/secrets-key.ts';
import type { ConnectorRow } from './store.ts';

/**
 * A connector's confidential config values (form items with `isConfidential`: an SMTP password, a client secret) are
 * sealed together under the server's secrets key, bound to the tenant and the connector's id; the rest stays in
 * `config`. The API answers a sealed key as `null`.
 */
export const confidentialKeys = (formItems: readonly FormItem[] | undefined) =>
  (formItems ?? []).filter((item) => item.isConfidential).map((item) => item.key);

const sealContext = (tenantId: string, id: string) => `connector:${tenantId}:${id}`;

/** The confidential values of a row, opened; none when the row has none or its key is not this server's. */
export const openSecrets = (row: Pick<ConnectorRow, 'tenantId' | 'id' | 'sealedSecrets'>): Record<string, unknown> => {
  if (!row.sealedSecrets) return {};
  const opened = open(row.sealedSecrets, sealContext(row.tenantId, row.id));
  return opened === undefined ? {} : (JSON.parse(opened) as Record<string, unknown>);
};

/** The whole config of a row: its plain values and its confidential ones, opened. */
export const openConfig = (row: ConnectorRow) => ({ ...row.config, ...openSecrets(row) });

/** Splits a whole config into what is stored plain and the confidential values, sealed (null when there are none). */
export const sealConfig = (key: SecretsKey, tenantId: string, id: string, config: Record<string, unknown>, confidential: readonly string[]) => {
  const plain: Record<string, unknown> = {};
  const secrets: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(config)) {
    if (value === undefined) continue;
    // A confidential key given as null is a value not set (the console sends what the API answered); '' clears it.
    if (confidential.includes(name)) {
      if (value !== null && value !== '') secrets[name] = value;
    } else plain[name] = value;
  }
  const sealedSecrets = Object.keys(secrets).length ? seal(key, JSON.stringify(secrets), sealContext(tenantId, id)) : null;
  return { config: plain, sealedSecrets };
};

/** The config as the API answers it: a confidential value that is set is named, with the value `null`. */
export const answeredConfig = (row: ConnectorRow) => ({
  ...row.config,
  ...Object.fromEntries(Object.keys(openSecrets(row)).map((name) => [name, null])),
});

/**
 * The config a PATCH makes: the given values over the stored ones, except that a confidential key left out or given
 * as `null` keeps its stored value.
 */
export const patchedConfig = (row: ConnectorRow, patch: Record<string, unknown>, confidential: readonly string[]) => {
  const stored = openConfig(row);
  const kept = Object.fromEntries(
    Object.entries(patch).filter(([name, value]) => !(confidential.includes(name) && (value === null || value === undefined))),
  );
  return { ...stored, ...kept };
};
