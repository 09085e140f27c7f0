import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { auditLogPrefixes } from '#schemas/log.ts';

/**
 * `key` starts with an audit prefix (audit-logs.md §4). This is the predicate of the logs' partial indexes (migration
 * 0011), with the prefixes as literals: a query that states it in the same words lets the planner use those indexes
 * and leaves no key to check row by row.
 */
export const isAuditKey = (key: AnyColumn | SQL): SQL =>
  sql`(${sql.join(
    auditLogPrefixes.map((prefix) => sql`${key} like ${sql.raw(`'${prefix}%'`)}`),
    sql` or `,
  )})`;
