import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, primaryKey, text } from 'drizzle-orm/pg-core';
import type { HookEvent } from '#schemas/webhook.ts';
import { createdAt } from '../schema.ts';
import { idp, tenantId, time } from './schema.ts';

/** A hook's stored config: the URL, its custom headers and how many times a failed delivery is tried again. */
export type StoredHookConfig = { url: string; headers?: Record<string, string>; retries: number };

/**
 * A tenant's webhooks (spec 02 §3, webhooks.md §2). The signing key is shown to admins in full, so it is sealed under
 * the server's secrets key (server/secrets-key.ts) rather than hashed.
 */
export const hooks = idp.table(
  'hooks',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    event: text('event').$type<HookEvent>(),
    events: text('events').array().$type<HookEvent[]>().notNull(),
    config: jsonb('config').$type<StoredHookConfig>().notNull(),
    sealedSigningKey: text('sealed_signing_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('hooks_tenant_id_enabled').on(table.tenantId, table.enabled),
    index('hooks_tenant_id_created_at').on(table.tenantId, table.createdAt.desc(), table.id.desc()),
  ],
);

export type HookDeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed';

/**
 * The outbox (tenant-runtime.md §5, webhooks.md §6): one row per event and enabled hook, written in the transaction of
 * the change. `body` is the exact JSON sent at every attempt. The dispatcher of any process claims due rows with a
 * lease (`locked_until`); a row still `sending` after its lease is a crashed attempt, sent again as the same attempt.
 */
export const hookDeliveries = idp.table(
  'hook_deliveries',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    hookId: text('hook_id').notNull(),
    event: text('event').$type<HookEvent>().notNull(),
    body: text('body').notNull(),
    status: text('status').$type<HookDeliveryStatus>().notNull().default('pending'),
    attempt: integer('attempt').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    nextAttemptAt: time('next_attempt_at').notNull().defaultNow(),
    lockedUntil: time('locked_until'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    /** An admin's resend: the next attempt's log says so. */
    resend: boolean('resend').notNull().default(false),
    sequence: bigint('sequence', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.hookId], foreignColumns: [hooks.tenantId, hooks.id] }).onDelete('cascade'),
    index('hook_deliveries_due').on(table.nextAttemptAt).where(sql`${table.status} in ('pending', 'sending')`),
    index('hook_deliveries_tenant_id_hook_id_created_at').on(table.tenantId, table.hookId, table.createdAt.desc()),
    index('hook_deliveries_finished').on(table.updatedAt).where(sql`${table.status} in ('succeeded', 'failed')`),
  ],
);

/** The per-tenant `sequence` of webhook events, so receivers can order what retries deliver out of order. */
export const hookEventSequences = idp.table('hook_event_sequences', {
  tenantId: tenantId().primaryKey(),
  value: bigint('value', { mode: 'number' }).notNull(),
});
