import { text, timestamp, pgSchema } from 'drizzle-orm/pg-core';
import { tenants } from '../schema.ts';

/**
 * The tenants' own data (tenant-runtime.md §3). Conventions every table here follows:
 * - `tenant_id` on every row, referencing public.tenants with on delete cascade;
 * - primary key `(tenant_id, id)`, so every index leads with the tenant;
 * - links are composite foreign keys `(tenant_id, x_id) → x(tenant_id, id)`, so a row never points into another tenant;
 * - a search index is a GIN pg_trgm index on the searched expression alone: the planner then uses it and filters the
 *   tenant from the few rows it finds (a GIN index led by tenant_id, through btree_gin, was estimated too costly to use);
 * - only the entity's store (server/tenant/<entity>/store.ts) reads or writes its table, always with the tenant.
 */
export const idp = pgSchema('idp');

export const tenantId = () => text('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' });

export const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
