import { integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { idp, tenantId } from './schema.ts';

/**
 * How many rows each tenant has in a counted table (`table_name`: users, resources), kept exact by triggers on those
 * tables (migration 0013), so an unfiltered list never counts 100,000 rows.
 */
export const rowCounts = idp.table(
  'row_counts',
  {
    tenantId: tenantId(),
    tableName: text('table_name').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.tableName] })],
);
