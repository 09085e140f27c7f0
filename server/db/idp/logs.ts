import { sql } from 'drizzle-orm';
import { index, jsonb, primaryKey, text } from 'drizzle-orm/pg-core';
import { isAuditKey } from '#server/tenant/logs/audit-keys.ts';
import { idp, tenantId } from './schema.ts';
import { createdAt } from '../schema.ts';

/**
 * The audit log (audit-logs.md §4): one row per step of the identity service, and per management write (in the
 * write's transaction). The columns the filters read are copied out of the payload. No foreign key to users or apps:
 * a log outlives what it names.
 */
export const logs = idp.table(
  'logs',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    key: text('key').notNull(),
    result: text('result').$type<'Success' | 'Error'>().notNull(),
    userId: text('user_id'),
    applicationId: text('application_id'),
    sessionId: text('session_id'),
    hookId: text('hook_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('logs_tenant_id_created_at').on(table.tenantId, table.createdAt.desc(), table.id.desc()),
    // The audit log's list reads audit keys only (migration 0011).
    index('logs_tenant_id_created_at_audit').on(table.tenantId, table.createdAt.desc(), table.id.desc()).where(isAuditKey(table.key)),
    index('logs_tenant_id_user_id_created_at')
      .on(table.tenantId, table.userId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.userId} is not null and ${isAuditKey(table.key)}`),
    index('logs_tenant_id_application_id_created_at')
      .on(table.tenantId, table.applicationId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.applicationId} is not null and ${isAuditKey(table.key)}`),
    index('logs_tenant_id_key_created_at').on(table.tenantId, table.key, table.createdAt.desc(), table.id.desc()).where(isAuditKey(table.key)),
    index('logs_tenant_id_session_id').on(table.tenantId, table.sessionId).where(sql`${table.sessionId} is not null`),
    index('logs_tenant_id_hook_id_created_at').on(table.tenantId, table.hookId, table.createdAt.desc()).where(sql`${table.hookId} is not null`),
  ],
);
