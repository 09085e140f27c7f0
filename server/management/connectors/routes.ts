import { Hono } from 'hono';
import * as z from 'zod/mini';
import {
  authorizationUriGuard,
  authorizationUriResponseGuard,
  connectorFactoryGuard,
  connectorListQuery,
  connectorResponseGuard,
  createConnectorGuard,
  patchConnectorGuard,
  testConnectorGuard,
} from '#schemas/connector.ts';
import type { Edition } from '#schemas/config.ts';
import { invalidField } from '#server/api/errors.ts';
import { routerOf } from '#server/api/route.ts';
import type { Db } from '#server/db/client.ts';
import type { SecretsKey } from '#server/secrets-key.ts';
import * as domain from '#server/tenant/connectors/domain.ts';
import { connectorFactories } from '#server/tenant/connectors/factories/index.ts';
import { connectorResponse, usagesOf } from '#server/tenant/connectors/responses.ts';
import { generalFailure, sendWith, socialConnectorOf } from '#server/tenant/connectors/runtime.ts';
import { confidentialKeys, openSecrets } from '#server/tenant/connectors/sealed-config.ts';
import * as store from '#server/tenant/connectors/store.ts';
import { boundedFetch } from '#server/tenant/connectors/bounded-fetch.ts';
import { readSignInExperience, writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { redacted } from '#schemas/log.ts';
import { changesOf, creationOf, deletionOf, type Changes } from '../audit.ts';
import type { ManagementEnv, ManagementKit } from '../kit.ts';
import { answer, connectorFailureCodes } from './connector-errors.ts';

type ConnectorSettings = { edition: Edition; publicUrl: string; secretsKey: SecretsKey };

/** A connector as the audit log records it: its answer's fields, never a confidential value. */
const logged = ({ readme: _readme, formItems: _formItems, usedBy: _usedBy, ...fields }: ReturnType<typeof connectorResponse>) => fields;

/** The tenant's connectors and the factories they are made from (connectors.md §5, spec 02 §2). */
export const connectorRoutes = (db: Db, { access, withTenantWrite }: ManagementKit, { edition, publicUrl, secretsKey }: ConnectorSettings) => {
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, access);
  const settingsOf = async (tx: Db, tenantId: string) => (await readSignInExperience(tx, tenantId, edition)).settings;
  const respond = async (tx: Db, tenantId: string, found: { row: store.ConnectorRow; factory: Parameters<typeof connectorResponse>[1] }) =>
    connectorResponse(found.row, found.factory, await settingsOf(tx, tenantId), publicUrl);

  routes.get('/connector-factories', {
    scope: 'read:data',
    summary: 'List the connector factories: the kinds of connector the server can build.',
    response: z.array(connectorFactoryGuard),
  }, async (c) => c.json(connectorFactories.map((factory) => factory.info)));

  routes.get('/connector-factories/:id', {
    scope: 'read:data',
    summary: 'Get a connector factory.',
    response: connectorFactoryGuard,
    errors: ['connector.not_found'],
  }, async (c, { params }) => c.json(answer(domain.factoryFor(params.id)).info));

  routes.get('/connectors', {
    scope: 'read:data',
    summary: "List the tenant's connectors (demo connectors aside); with target, those of one target.",
    query: connectorListQuery,
    response: z.array(connectorResponseGuard),
  }, async (c, { query }) => {
    const tenantId = c.var.tenant.id;
    const settings = await settingsOf(db, tenantId);
    const rows = await store.listConnectorRows(db, tenantId, { target: query.target });
    return c.json(
      rows.flatMap((row) => {
        const factory = domain.factoryFor(row.connectorId);
        return factory.ok ? [connectorResponse(row, factory.value, settings, publicUrl)] : [];
      }),
    );
  });

  routes.get('/connectors/:id', {
    scope: 'read:data',
    summary: 'Get a connector.',
    response: connectorResponseGuard,
    errors: ['connector.not_found'],
  }, async (c, { params }) => c.json(await respond(db, c.var.tenant.id, answer(await domain.connectorOf(db, c.var.tenant.id, params.id)))));

  routes.post('/connectors', {
    scope: 'write:data',
    summary: 'Create a connector; a new e-mail or SMS connector replaces the one of its type.',
    body: createConnectorGuard,
    response: connectorResponseGuard,
    errors: [
      'connector.not_found', 'connector.not_found_with_connector_id', 'connector.invalid_config_guard', 'connector.should_specify_target',
      'connector.invalid_metadata', 'connector.invalid_type_for_syncing_profile', 'connector.multiple_instances_not_supported',
      'connector.multiple_target_with_same_platform', 'subscription.quota_exceeded',
    ],
  }, async (c, { body: input }) => {
    const factory = answer(domain.factoryFor(input.connectorId, { creating: true }));
    const created = await withTenantWrite(c, async ({ tx, tenant, checkQuota, log }) => {
      if (factory.info.type === 'Social') await checkQuota('socialConnectorsLimit');
      const { row, replaced } = answer(await domain.createConnector(tx, tenant.id, secretsKey, factory, input));
      const settings = await settingsOf(tx, tenant.id);
      for (const old of replaced) {
        const oldFactory = domain.factoryFor(old.connectorId);
        const changes = oldFactory.ok ? deletionOf(logged(connectorResponse(old, oldFactory.value, settings, publicUrl))) : undefined;
        await log({ key: 'Management.Connector.Deleted', targetId: old.id, changes });
      }
      const response = connectorResponse(row, factory, settings, publicUrl);
      await log({ key: 'Management.Connector.Created', targetId: row.id, changes: creationOf(logged(response)) });
      return response;
    });
    return c.json(created);
  });

  routes.patch('/connectors/:id', {
    scope: 'write:data',
    summary: "Update a connector's config, metadata or profile sync; a confidential value left out or null keeps its stored value.",
    body: patchConnectorGuard,
    response: connectorResponseGuard,
    errors: ['connector.not_found', 'connector.invalid_config_guard', 'connector.invalid_metadata', 'connector.can_not_modify_target', 'connector.invalid_type_for_syncing_profile'],
  }, async (c, { body: patch, params: { id } }) => {
    const updated = await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const { before, after } = answer(await domain.updateConnector(tx, tenant.id, secretsKey, id, patch));
      const factory = answer(domain.factoryFor(after.connectorId));
      const settings = await settingsOf(tx, tenant.id);
      const [old, now] = [connectorResponse(before, factory, settings, publicUrl), connectorResponse(after, factory, settings, publicUrl)];
      const secretChanged: Changes = JSON.stringify(openSecrets(before)) !== JSON.stringify(openSecrets(after)) ? { secrets: { from: redacted, to: redacted } } : {};
      await log({ key: 'Management.Connector.Updated', targetId: id, changes: { ...changesOf(logged(old), logged(now)), ...secretChanged } });
      return now;
    });
    return c.json(updated);
  });

  routes.delete('/connectors/:id', {
    scope: 'delete:data',
    summary: "Delete a connector; a social one leaves the sign-in experience's buttons. Refused while the sign-in experience sends codes through it.",
    errors: ['connector.not_found', 'connector.in_use_by_sign_in_experience'],
  }, async (c, { params: { id } }) => {
    await withTenantWrite(c, async ({ tx, tenant, log }) => {
      const found = answer(await domain.connectorOf(tx, tenant.id, id));
      const { row } = found;
      const { settings, version } = await readSignInExperience(tx, tenant.id, edition);
      if (row.type !== 'Social' && usagesOf(row, settings).length > 0) answer(domain.inUse(row.type));
      const response = connectorResponse(row, found.factory, settings, publicUrl);
      await store.deleteConnectorRow(tx, tenant.id, id);
      const targetKept = (await store.listConnectorRows(tx, tenant.id, { target: row.target, type: 'Social' })).length > 0;
      if (row.type === 'Social' && !targetKept && settings.socialSignInConnectorTargets.includes(row.target)) {
        const after = { ...settings, socialSignInConnectorTargets: settings.socialSignInConnectorTargets.filter((target) => target !== row.target) };
        await writeSignInExperience(tx, tenant.id, after, version);
        await log({ key: 'Management.SignInExperience.Updated', targetId: tenant.id, changes: changesOf(settings, after) });
      }
      await log({ key: 'Management.Connector.Deleted', targetId: id, changes: deletionOf(logged(response)) });
    });
    return c.body(null, 204);
  });

  routes.post('/connectors/:factoryId/test', {
    scope: 'write:data',
    summary: "Send the Generic template with the code 000000 through a factory's connector built from the given (unsaved) config.",
    body: testConnectorGuard,
    status: 204,
    errors: ['connector.not_found', ...connectorFailureCodes],
  }, async (c, { body, params: { factoryId } }) => {
    const tenantId = c.var.tenant.id;
    const factory = answer(domain.factoryFor(factoryId));
    if (factory.info.type === 'Social') answer(domain.connectorFailure({ code: 'unexpected_type', message: 'A social connector sends no test message.' }));
    const to = factory.info.type === 'Email' ? body.email : body.phone;
    if (to === undefined) throw invalidField(factory.info.type === 'Email' ? 'email' : 'phone', `A ${factory.info.type === 'Email' ? 'e-mail address' : 'phone number'} to send the test to.`);
    const saved = body.id === undefined ? undefined : await store.findConnectorRow(db, tenantId, body.id);
    const stored = saved?.connectorId === factoryId ? openSecrets(saved) : {};
    const confidential = confidentialKeys(factory.info.formItems);
    const given = Object.fromEntries(Object.entries(body.config).filter(([key, value]) => !(confidential.includes(key) && value === null)));
    const config = answer(domain.checkedConfig(factory, { ...stored, ...given }));
    const context = { db, tenantId, config, connectorId: body.id ?? '', fetch: boundedFetch };
    const sent = await sendWith(factory, context, { to, usage: 'Generic', code: '000000', locale: body.locale ?? 'en' });
    if (!sent.ok) answer(domain.connectorFailure(sent.error));
    return c.body(null, 204);
  });

  routes.post('/connectors/:id/authorization-uri', {
    scope: 'write:data',
    summary: "A social connector's authorization URI for the given state and redirect URI.",
    body: authorizationUriGuard,
    response: authorizationUriResponseGuard,
    errors: ['connector.not_found', ...connectorFailureCodes],
  }, async (c, { body, params: { id } }) => {
    const tenantId = c.var.tenant.id;
    const social = await socialConnectorOf(db, tenantId, id);
    if (!social) {
      answer(await domain.connectorOf(db, tenantId, id));
      answer(domain.connectorFailure({ code: 'unexpected_type', message: 'Only a social connector has an authorization URI.' }));
    }
    const uri = await social!.connector.authorizationUri({ ...body, nonce: crypto.randomUUID() }).catch((error: unknown) => generalFailure(error));
    if (!uri.ok) answer(domain.connectorFailure(uri.error));
    return c.json({ redirectTo: uri.ok ? uri.value : '' });
  });

  return app;
};
