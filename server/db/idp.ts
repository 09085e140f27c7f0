import { sql } from 'drizzle-orm';
import { tenants } from './schema.ts';
import { boolean, foreignKey, index, integer, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The tenants' own data (tenant-runtime.md §3). Conventions every table here follows:
 * - `tenant_id` on every row, referencing public.tenants with on delete cascade;
 * - primary key `(tenant_id, id)`, so every index leads with the tenant;
 * - links are composite foreign keys `(tenant_id, x_id) → x(tenant_id, id)`, so a row never points into another tenant;
 * - a search index is a GIN pg_trgm index on the searched expression alone: the planner then uses it and filters the
 *   tenant from the few rows it finds (a GIN index led by tenant_id, through btree_gin, was estimated too costly to use);
 * - only the entity's store (server/management/<entity>/store.ts) reads or writes its table, always with the tenant.
 */
export const idp = pgSchema('idp');

const tenantId = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

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
    index('resources_tenant_id_created_at').on(table.tenantId, table.createdAt),
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
