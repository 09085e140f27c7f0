import { boolean, index, integer, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../schema.ts';
import { idp, tenantId, time } from './schema.ts';

export type CodeUsage = 'SignIn' | 'Register' | 'ForgotPassword';
export type CodeIdentifierKind = 'email' | 'phone';

/**
 * The codes a tenant's sign-in pages send (spec 02 §3, Verification code record; migration 0018): bound to their
 * interaction, only the code's hash kept.
 */
export const tenantVerificationCodes = idp.table(
  'verification_codes',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    interactionId: text('interaction_id').notNull(),
    usage: text('usage').$type<CodeUsage>().notNull(),
    identifierKind: text('identifier_kind').$type<CodeIdentifierKind>().notNull(),
    identifier: text('identifier').notNull(),
    codeHash: text('code_hash').notNull(),
    tryCount: integer('try_count').notNull().default(0),
    consumed: boolean('consumed').notNull().default(false),
    client: text('client').notNull(),
    createdAt: createdAt(),
    expiresAt: time('expires_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('verification_codes_interaction').on(table.tenantId, table.interactionId, table.usage, table.identifier, table.createdAt.desc()),
    index('verification_codes_identifier_created_at').on(table.tenantId, table.identifier, table.createdAt),
    index('verification_codes_client_created_at').on(table.tenantId, table.client, table.createdAt),
    index('verification_codes_expires_at').on(table.expiresAt),
  ],
);
