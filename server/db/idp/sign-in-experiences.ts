import { integer, jsonb, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { idp, tenantId } from './schema.ts';

/**
 * A tenant's sign-in experience (sign-in-experience.md §2), one row per tenant, made on its first write; without a row
 * the tenant has its edition's defaults. `version` grows with every write: the sign-in pages' cache and the
 * management API's ETag.
 */
export const signInExperiences = idp.table('sign_in_experiences', {
  tenantId: tenantId().primaryKey(),
  settings: jsonb('settings').$type<SignInExperienceSettings>().notNull(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A tenant's own phrases for one language, over the built-in ones of the sign-in pages (sign-in-experience.md §5). */
export const customPhrases = idp.table(
  'custom_phrases',
  {
    tenantId: tenantId(),
    languageTag: text('language_tag').notNull(),
    translation: jsonb('translation').$type<Record<string, unknown>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.languageTag] })],
);
