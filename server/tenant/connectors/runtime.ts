import type { ConnectorPlatform } from '#schemas/connector.ts';
import type { Db } from '#server/db/client.ts';
import { boundedFetch } from './bounded-fetch.ts';
import { isMessageFactory, isSocialFactory, type ConnectorContext, type ConnectorFactory, type ConnectorMessage, type ConnectorOutcome, type SocialConnector } from './factory.ts';
import { factoryOf } from './factories/index.ts';
import { openConfig } from './sealed-config.ts';
import { connectorTypesOf, listConnectorRows, findConnectorRow, messageConnectorRow, type ConnectorRow } from './store.ts';

/**
 * What the sign-in pages, the sign-in experience and the other engines ask of a tenant's connectors. A connector's
 * failure is an outcome (`connector.{code}` with the provider's message), never a throw.
 */

const contextOf = (db: Db, row: ConnectorRow): ConnectorContext => ({ db, tenantId: row.tenantId, config: openConfig(row), connectorId: row.id, fetch: boundedFetch });

/** A failure the caller did not expect (a bug or a provider's odd answer), as the general connector error. */
export const generalFailure = (error: unknown): ConnectorOutcome<never> => ({ ok: false, error: { code: 'general', message: error instanceof Error ? error.message : String(error) } });

/** Whether the tenant has an e-mail and an SMS connector: the code methods of the sign-in experience need them. */
export const passwordlessConnectors = async (db: Db, tenantId: string) => {
  const types = await connectorTypesOf(db, tenantId);
  return { email: types.has('Email'), sms: types.has('Sms') };
};

/**
 * Sends a message through the tenant's e-mail or SMS connector. Without one the outcome is
 * `connector.not_implemented` ("no e-mail connector is set up"), which the sign-in pages show as the code being unavailable.
 */
export const sendConnectorMessage = async (db: Db, tenantId: string, type: 'Email' | 'Sms', message: ConnectorMessage): Promise<ConnectorOutcome<void>> => {
  const row = await messageConnectorRow(db, tenantId, type);
  const factory = row && factoryOf(row.connectorId);
  if (!row || factory?.info.type !== type) return { ok: false, error: { code: 'not_implemented', message: `No ${type === 'Email' ? 'e-mail' : 'SMS'} connector is set up.` } };
  return sendWith(factory, contextOf(db, row), message);
};

/** Sends through a factory's connector built from `context` (a stored connector, or the unsaved config of a test send). */
export const sendWith = async (factory: ConnectorFactory, context: ConnectorContext, message: ConnectorMessage): Promise<ConnectorOutcome<void>> => {
  if (!isMessageFactory(factory)) return { ok: false, error: { code: 'unexpected_type', message: 'A social connector sends no messages.' } };
  try {
    return await factory.build(context).send(message);
  } catch (error) {
    return generalFailure(error);
  }
};

export type SocialConnectorInfo = {
  id: string;
  target: string;
  platform: ConnectorPlatform | null;
  syncProfile: boolean;
  name: Record<string, string>;
  logo: string;
  logoDark: string | null;
};

/** A social row's facts: a standard connector's own metadata over its factory's. */
const socialInfo = (row: ConnectorRow, factory: ConnectorFactory): SocialConnectorInfo => ({
  id: row.id,
  target: row.target,
  platform: row.platform,
  syncProfile: row.syncProfile,
  name: row.metadata.name ?? factory.info.name,
  logo: row.metadata.logo ?? factory.info.logo,
  logoDark: row.metadata.logoDark === undefined ? factory.info.logoDark : row.metadata.logoDark,
});

/** The tenant's social connectors whose factory this server has, oldest first (the sign-in page's buttons). */
export const socialConnectorsOf = async (db: Db, tenantId: string): Promise<SocialConnectorInfo[]> =>
  (await listConnectorRows(db, tenantId, { type: 'Social' })).flatMap((row) => {
    const factory = factoryOf(row.connectorId);
    return factory ? [socialInfo(row, factory)] : [];
  });

/** One social connector of the tenant with the provider built from its opened config; undefined when there is none. */
export const socialConnectorOf = async (db: Db, tenantId: string, id: string): Promise<(SocialConnectorInfo & { connector: SocialConnector }) | undefined> => {
  const row = await findConnectorRow(db, tenantId, id);
  const factory = row && factoryOf(row.connectorId);
  if (!row || row.type !== 'Social' || !factory || !isSocialFactory(factory)) return undefined;
  return { ...socialInfo(row, factory), connector: factory.build(contextOf(db, row)) };
};
