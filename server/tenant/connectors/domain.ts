import { randomUUID } from 'node:crypto';
import type { ConnectorType, CreateConnector, PatchConnector, TestConnector } from '#schemas/connector.ts';
import { configProblemMessages, type ConfigProblem } from '#schemas/connector-config-problems.ts';
import type { ErrorCode } from '#schemas/error-codes.ts';
import type { Db } from '#server/db/client.ts';
import { generateId } from '#server/ids.ts';
import { fieldRefused, ok, type FieldRefusal, type Result } from '#server/result.ts';
import type { SecretsKey } from '#server/secrets-key.ts';
import { uniqueOr } from '../refusals.ts';
import { isMessageFactory, type ConnectorError, type ConnectorFactory, type MessageConnectorFactory } from './factory.ts';
import { factoryOf } from './factories/index.ts';
import { generalFailure, socialConnectorOf } from './runtime.ts';
import { confidentialKeys, openSecrets, patchedConfig, sealConfig } from './sealed-config.ts';
import * as store from './store.ts';

type ConfigGuardDetail = { path: string; code: 'custom'; message: string; params?: { problem: ConfigProblem } };

/** A connector's rules (connectors.md §0): one e-mail and one SMS sender, a target per platform once, configs the factory accepts. */

export type ConnectorRefusal =
  | { reason: 'connector.not_found' | 'connector.not_found_with_connector_id'; details: { id: string } }
  | { reason: 'connector.multiple_target_with_same_platform'; details: { connectorName: string } }
  | { reason: 'connector.invalid_config_guard'; details: ConfigGuardDetail[] }
  | {
      reason:
        | 'connector.should_specify_target'
        | 'connector.can_not_modify_target'
        | 'connector.invalid_metadata'
        | 'connector.invalid_type_for_syncing_profile'
        | 'connector.multiple_instances_not_supported';
      details?: undefined;
    }
  | { reason: 'connector.in_use_by_sign_in_experience'; details: { type: ConnectorType } }
  | { reason: `connector.${Exclude<ConnectorError['code'], 'invalid_config_guard'>}` & ErrorCode; details?: undefined; message?: string }
  | FieldRefusal;

const refused = <R extends Exclude<ConnectorRefusal, FieldRefusal>>(refusal: R) => ({ ok: false as const, ...refusal });
const notFound = (id: string) => refused({ reason: 'connector.not_found', details: { id } });

/** A connector error of a factory as a refusal, with the provider's message. */
export const connectorFailure = (error: ConnectorError): Result<never, ConnectorRefusal> =>
  error.code === 'invalid_config_guard'
    ? refused({ reason: 'connector.invalid_config_guard', details: [{ path: 'config', code: 'custom', message: error.message ?? 'The config does not fit the connector.' }] })
    : refused({ reason: `connector.${error.code}`, message: error.message });

/** The factory of a connector or of a create request: unknown ones, and demo ones (which are never listed), are refused. */
export const factoryFor = (connectorId: string, { creating = false } = {}): Result<ConnectorFactory, ConnectorRefusal> => {
  const factory = factoryOf(connectorId);
  if (!factory) return creating ? refused({ reason: 'connector.not_found_with_connector_id', details: { id: connectorId } }) : notFound(connectorId);
  return factory.info.isDemo ? notFound(connectorId) : ok(factory);
};

/** The tenant's connector with its factory; a demo connector, or one whose factory this server lacks, is not found. */
export const connectorOf = async (db: Db, tenantId: string, id: string) => {
  const row = await store.findConnectorRow(db, tenantId, id);
  const factory = row && factoryOf(row.connectorId);
  if (!row || !factory || factory.info.isDemo) return notFound(id);
  return ok({ row, factory });
};

/**
 * The config as the factory accepts it, or its field errors: zod's custom issues, named by their path in the request,
 * with the problem in `params` for the console to word in the admin's language.
 */
export const checkedConfig = (factory: ConnectorFactory, config: Record<string, unknown>) => {
  const checked = factory.checkConfig(config);
  if (checked.ok) return ok(checked.config);
  const details = Object.entries(checked.fields).map(([key, problem]): ConfigGuardDetail => ({
    path: `config.${key}`,
    code: 'custom',
    message: configProblemMessages[problem],
    params: { problem },
  }));
  return refused({ reason: 'connector.invalid_config_guard', details });
};

const hasMetadata = (metadata: object | undefined) => metadata !== undefined && Object.keys(metadata).length > 0;

/** The target and platform a new connector gets, refused by the metadata and sync-profile rules. */
const placement = (factory: ConnectorFactory, input: CreateConnector) => {
  const { info } = factory;
  if (input.syncProfile && info.type !== 'Social') return refused({ reason: 'connector.invalid_type_for_syncing_profile' });
  if (!info.isStandard && hasMetadata(input.metadata)) return refused({ reason: 'connector.invalid_metadata' });
  if (info.isStandard && !input.metadata?.target) return refused({ reason: 'connector.should_specify_target' });
  return ok({ target: (info.isStandard ? input.metadata?.target : undefined) ?? info.target, platform: info.platform });
};

/** A connector's name in English, as a clash names it. */
const englishName = (row: store.ConnectorRow) => row.metadata.name?.en ?? factoryOf(row.connectorId)?.info.name.en ?? row.id;

/** Social only: a non-standard factory once, and one connector per (target, platform). */
const socialRefusal = async (tx: Db, tenantId: string, factory: ConnectorFactory, target: string, exceptId?: string) => {
  if (factory.info.type !== 'Social') return undefined;
  if (!factory.info.isStandard && (await store.listConnectorRows(tx, tenantId, { type: 'Social' })).some((row) => row.connectorId === factory.info.id)) {
    return refused({ reason: 'connector.multiple_instances_not_supported' });
  }
  const clash = await store.clashingConnectorRow(tx, tenantId, target, factory.info.platform, exceptId);
  return clash ? refused({ reason: 'connector.multiple_target_with_same_platform', details: { connectorName: englishName(clash) } }) : undefined;
};

/**
 * Creates a connector in the caller's locked transaction: an e-mail or SMS connector replaces the tenant's one of its
 * type; answers the new row and the replaced ones. The caller checks the social quota before.
 */
export const createConnector = async (
  tx: Db,
  tenantId: string,
  key: SecretsKey,
  factory: ConnectorFactory,
  input: CreateConnector,
): Promise<Result<{ row: store.ConnectorRow; replaced: store.ConnectorRow[] }, ConnectorRefusal>> => {
  const placed = placement(factory, input);
  if (!placed.ok) return placed;
  const { target, platform } = placed.value;
  const social = await socialRefusal(tx, tenantId, factory, target);
  if (social) return social;
  const config = checkedConfig(factory, input.config ?? {});
  if (!config.ok) return config;
  const id = input.id ?? generateId();
  const { type } = factory.info;
  const replaced = type === 'Social' ? [] : await store.deleteMessageConnectorRows(tx, tenantId, type, id);
  const inserted = await uniqueOr(
    store.insertConnectorRow(tx, tenantId, {
      id,
      connectorId: factory.info.id,
      type,
      target,
      platform,
      syncProfile: type === 'Social' && Boolean(input.syncProfile),
      ...sealConfig(key, tenantId, id, config.value, confidentialKeys(factory.info.formItems)),
      metadata: input.metadata ?? {},
    }),
    'connectors_tenant_id_id_pk',
    fieldRefused('id', 'Another connector of the tenant has this id.'),
  );
  return inserted.ok ? ok({ row: inserted.value, replaced }) : inserted;
};

/** Updates a connector: its target stays, a confidential value left out (or null) stays, the config passes the guard. */
export const updateConnector = async (
  tx: Db,
  tenantId: string,
  key: SecretsKey,
  id: string,
  patch: PatchConnector,
): Promise<Result<{ before: store.ConnectorRow; after: store.ConnectorRow }, ConnectorRefusal>> => {
  const found = await connectorOf(tx, tenantId, id);
  if (!found.ok) return found;
  const { row, factory } = found.value;
  if (patch.syncProfile && row.type !== 'Social') return refused({ reason: 'connector.invalid_type_for_syncing_profile' });
  if (patch.metadata && !factory.info.isStandard && hasMetadata(patch.metadata)) return refused({ reason: 'connector.invalid_metadata' });
  if (patch.metadata?.target !== undefined && patch.metadata.target !== row.target) return refused({ reason: 'connector.can_not_modify_target' });
  const confidential = confidentialKeys(factory.info.formItems);
  const config = patch.config === undefined ? undefined : checkedConfig(factory, patchedConfig(row, patch.config, confidential));
  if (config && !config.ok) return config;
  const updated = await store.updateConnectorRow(tx, tenantId, id, {
    ...(patch.syncProfile === undefined ? {} : { syncProfile: patch.syncProfile }),
    ...(patch.metadata === undefined ? {} : { metadata: { ...row.metadata, ...patch.metadata } }),
    ...(config ? sealConfig(key, tenantId, id, config.value, confidential) : {}),
  });
  return ok({ before: row, after: updated! });
};

/** A connector's refusal to be deleted because the sign-in experience needs its type (see usage.ts). */
export const inUse = (type: ConnectorType) => refused({ reason: 'connector.in_use_by_sign_in_experience', details: { type } });

/**
 * What a test send needs: an e-mail or SMS factory, the address or number its type sends to, and the unsaved config
 * with, for the saved connector `id` of that factory, its stored confidential values where the config leaves them null.
 */
export const testSendOf = async (db: Db, tenantId: string, factoryId: string, body: TestConnector): Promise<Result<TestSend, ConnectorRefusal>> => {
  const factory = factoryFor(factoryId);
  if (!factory.ok) return factory;
  if (!isMessageFactory(factory.value)) return connectorFailure({ code: 'unexpected_type', message: 'A social connector sends no test message.' });
  const isEmail = factory.value.info.type === 'Email';
  const to = isEmail ? body.email : body.phone;
  if (to === undefined) return fieldRefused(isEmail ? 'email' : 'phone', `A ${isEmail ? 'e-mail address' : 'phone number'} to send the test to.`);
  const saved = body.id === undefined ? undefined : await store.findConnectorRow(db, tenantId, body.id);
  const stored = saved?.connectorId === factoryId ? openSecrets(saved) : {};
  const confidential = confidentialKeys(factory.value.info.formItems);
  const given = Object.fromEntries(Object.entries(body.config).filter(([key, value]) => !(confidential.includes(key) && value === null)));
  const config = checkedConfig(factory.value, { ...stored, ...given });
  return config.ok ? ok({ factory: factory.value, to, config: config.value }) : config;
};
type TestSend = { factory: MessageConnectorFactory; to: string; config: Record<string, unknown> };

/** A social connector's authorization URI; other connectors have none. */
export const authorizationUriOf = async (db: Db, tenantId: string, id: string, input: { state: string; redirectUri: string }): Promise<Result<string, ConnectorRefusal>> => {
  const social = await socialConnectorOf(db, tenantId, id);
  if (!social) {
    const found = await connectorOf(db, tenantId, id);
    return found.ok ? connectorFailure({ code: 'unexpected_type', message: 'Only a social connector has an authorization URI.' }) : found;
  }
  const uri = await social.connector.authorizationUri({ ...input, nonce: randomUUID() }).catch((error: unknown) => generalFailure(error));
  return uri.ok ? ok(uri.value) : connectorFailure(uri.error);
};
