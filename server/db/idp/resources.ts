import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../schema.ts';
import { idp, tenantId } from './schema.ts';

/** API resources (spec 02 §3); each tenant has its built-in management API (`is_built_in`), seeded with the tenant. */
export const resources = idp.table(
  'resources',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    indicator: text('indicator').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    accessTokenTtl: integer('access_token_ttl').notNull().default(3600),
    isBuiltIn: boolean('is_built_in').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('resources_tenant_id_indicator').on(table.tenantId, table.indicator),
    uniqueIndex('resources_tenant_id_default').on(table.tenantId).where(sql`${table.isDefault}`),
    index('resources_tenant_id_list_order').on(table.tenantId, table.isBuiltIn.desc(), table.createdAt.desc(), table.id),
    index('resources_search').using('gin', sql`lower(${table.name} || ' ' || ${table.indicator}) gin_trgm_ops`),
  ],
);

/** Permissions of an API resource (spec 02 §3, Scope). */
export const scopes = idp.table(
  'scopes',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    resourceId: text('resource_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.resourceId], foreignColumns: [resources.tenantId, resources.id] }).onDelete('cascade'),
    uniqueIndex('scopes_tenant_id_resource_id_name').on(table.tenantId, table.resourceId, table.name),
    index('scopes_tenant_id_resource_id_created_at').on(table.tenantId, table.resourceId, table.createdAt),
    index('scopes_search').using('gin', sql`lower(${table.name} || ' ' || coalesce(${table.description}, '')) gin_trgm_ops`),
  ],
);
