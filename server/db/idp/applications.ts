import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../schema.ts';
import { idp, tenantId, time } from './schema.ts';

/** Applications: the tenant issuer's OIDC clients (spec 02 §3, applications.md). */
export const applications = idp.table(
  'applications',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    type: text('type').$type<'Native' | 'SPA' | 'Traditional' | 'MachineToMachine' | 'Protected' | 'SAML'>().notNull(),
    oidcClientMetadata: jsonb('oidc_client_metadata').$type<Record<string, unknown>>().notNull().default({}),
    customClientMetadata: jsonb('custom_client_metadata').$type<Record<string, unknown>>().notNull().default({}),
    customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull().default({}),
    isThirdParty: boolean('is_third_party').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    index('applications_tenant_id_type').on(table.tenantId, table.type),
    index('applications_tenant_id_created_at').on(table.tenantId, table.createdAt),
    index('applications_search').using('gin', sql`lower(${table.id} || ' ' || ${table.name} || ' ' || coalesce(${table.description}, '')) gin_trgm_ops`),
  ],
);

/** An application's client secrets: stored as SHA-256 hashes, shown once when made; an expired one is refused. */
export const applicationSecrets = idp.table(
  'application_secrets',
  {
    tenantId: tenantId(),
    applicationId: text('application_id').notNull(),
    name: text('name').notNull(),
    valueHash: text('value_hash').notNull(),
    /** The last four characters, to tell secrets apart. */
    valueHint: text('value_hint').notNull(),
    createdAt: createdAt(),
    expiresAt: time('expires_at'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.applicationId, table.name] }),
    foreignKey({ columns: [table.tenantId, table.applicationId], foreignColumns: [applications.tenantId, applications.id] }).onDelete('cascade'),
  ],
);

/** An application's own sign-in experience (spec 02 §3): it overrides the tenant's when a sign-in comes from the app. */
export const applicationSignInExperiences = idp.table(
  'application_sign_in_experiences',
  {
    tenantId: tenantId(),
    applicationId: text('application_id').notNull(),
    color: jsonb('color').$type<{ primaryColor: string | null; darkPrimaryColor: string | null }>().notNull(),
    branding: jsonb('branding').$type<{ logoUrl: string | null; darkLogoUrl: string | null }>().notNull(),
    termsOfUseUrl: text('terms_of_use_url'),
    privacyPolicyUrl: text('privacy_policy_url'),
    displayName: text('display_name'),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.applicationId] }),
    // Named: drizzle's name would pass Postgres' 63 characters.
    foreignKey({
      name: 'application_sign_in_experiences_application_fk',
      columns: [table.tenantId, table.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
  ],
);
