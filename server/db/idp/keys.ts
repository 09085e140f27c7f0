import { bigint, index, jsonb, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../schema.ts';
import { idp, tenantId, time } from './schema.ts';

/**
 * A tenant's signing and cookie keys (tenant-runtime.md §7), made with the tenant: `current` signs, `next` waits for
 * `activates_at`, `previous` is still published. The private JWK is encrypted at rest when KEY_ENCRYPTION_KEY is set.
 */
export const keys = idp.table(
  'keys',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    kind: text('kind').$type<'signing' | 'cookie'>().notNull(),
    alg: text('alg'),
    privateKey: jsonb('private_key').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'next' | 'current' | 'previous'>().notNull(),
    activatesAt: time('activates_at'),
    /** Tokens this key signed, added in batches by every process (migration 0019). */
    tokensSigned: bigint('tokens_signed', { mode: 'number' }).notNull().default(0),
    /** When the last token this key signed expires: after it, deleting the key (once previous) breaks no token. */
    lastTokenExpiresAt: time('last_token_expires_at'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] }), index('keys_tenant_id_kind_status').on(table.tenantId, table.kind, table.status)],
);
