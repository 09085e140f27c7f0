import { boolean, jsonb, primaryKey, text } from 'drizzle-orm/pg-core';
import type { JwtTokenType } from '#schemas/jwt-customizer.ts';
import { createdAt } from '../schema.ts';
import { idp, tenantId, time } from './schema.ts';

/**
 * A tenant's custom JWT claims scripts (customize-jwt.md): at most one per token type. The environment variables are
 * sealed together in `sealed_environment` (AES-256-GCM under the server's secrets key, server/secrets-key.ts), never
 * stored in clear.
 */
export const jwtCustomizers = idp.table(
  'jwt_customizers',
  {
    tenantId: tenantId(),
    tokenType: text('token_type').$type<JwtTokenType>().notNull(),
    script: text('script').notNull(),
    sealedEnvironment: text('sealed_environment'),
    tokenSample: jsonb('token_sample').$type<Record<string, unknown>>(),
    contextSample: jsonb('context_sample').$type<Record<string, unknown>>(),
    blockIssuanceOnError: boolean('block_issuance_on_error').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.tokenType] })],
);
