import { sql } from 'drizzle-orm';
import { boolean, jsonb, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ConnectorMetadata, ConnectorPlatform, ConnectorType } from '#schemas/connector.ts';
import { createdAt } from '../schema.ts';
import { idp, tenantId } from './schema.ts';

/**
 * A tenant's connectors (spec 02 §3, connectors.md §0): its e-mail and SMS senders and its social providers. `type`,
 * `target` and `platform` are copied from the factory (or the standard connector's metadata) so that the unique rules
 * hold in the database: one Email and one Sms connector per tenant, one Social connector per (target, platform).
 * `config` holds the non-confidential values; the confidential ones are sealed together in `sealed_secrets`
 * (AES-256-GCM under the server's secrets key, see server/secrets-key.ts), never in clear.
 */
export const connectors = idp.table(
  'connectors',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    connectorId: text('connector_id').notNull(),
    type: text('type').$type<ConnectorType>().notNull(),
    target: text('target').notNull(),
    platform: text('platform').$type<ConnectorPlatform>(),
    syncProfile: boolean('sync_profile').notNull().default(false),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    sealedSecrets: text('sealed_secrets'),
    metadata: jsonb('metadata').$type<ConnectorMetadata>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('connectors_tenant_id_message_type').on(table.tenantId, table.type).where(sql`${table.type} in ('Email', 'Sms')`),
    uniqueIndex('connectors_tenant_id_target_platform')
      .on(table.tenantId, table.target, sql`coalesce(${table.platform}, '')`)
      .where(sql`${table.type} = 'Social'`),
  ],
);
