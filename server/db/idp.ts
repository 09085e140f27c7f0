import { sql } from 'drizzle-orm';
import type { IdentifierVerification } from '#schemas/user.ts';
import type { UserConsentScope } from '#schemas/user-consent.ts';
import { createdAt, tenants } from './schema.ts';
import { boolean, foreignKey, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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

/** API resources (spec 02 §3); each tenant has its built-in management API (`is_built_in`), seeded with the tenant. */
export const resources = idp.table(
  'resources',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    indicator: text('indicator').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    accessTokenTtl: integer('access_token_ttl').notNull().default(3600),
    isBuiltIn: boolean('is_built_in').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('resources_tenant_id_indicator').on(table.tenantId, table.indicator),
    uniqueIndex('resources_tenant_id_default').on(table.tenantId).where(sql`${table.isDefault}`),
    index('resources_tenant_id_list_order').on(table.tenantId, table.isBuiltIn.desc(), table.createdAt.desc(), table.id),
    index('resources_search').using('gin', sql`lower(${table.name} || ' ' || ${table.indicator}) gin_trgm_ops`),
  ],
);

/** Permissions of an API resource (spec 02 §3, Scope). */
export const scopes = idp.table(
  'scopes',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    resourceId: text('resource_id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    foreignKey({ columns: [table.tenantId, table.resourceId], foreignColumns: [resources.tenantId, resources.id] }).onDelete('cascade'),
    uniqueIndex('scopes_tenant_id_resource_id_name').on(table.tenantId, table.resourceId, table.name),
    index('scopes_tenant_id_resource_id_created_at').on(table.tenantId, table.resourceId, table.createdAt),
    index('scopes_search').using('gin', sql`lower(${table.name} || ' ' || coalesce(${table.description}, '')) gin_trgm_ops`),
  ],
);

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.id] }), index('keys_tenant_id_kind_status').on(table.tenantId, table.kind, table.status)],
);

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

/** Roles (spec 02 §3): bundles of permissions for users (User) or machine-to-machine apps (MachineToMachine). */
export const roles = idp.table(
  'roles',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    type: text('type').$type<'User' | 'MachineToMachine'>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    uniqueIndex('roles_tenant_id_name').on(table.tenantId, table.name),
    index('roles_tenant_id_type').on(table.tenantId, table.type),
    index('roles_search').using('gin', sql`lower(${table.id} || ' ' || ${table.name} || ' ' || ${table.description}) gin_trgm_ops`),
  ],
);

/** A role's permissions. */
export const rolesScopes = idp.table(
  'roles_scopes',
  { tenantId: tenantId(), roleId: text('role_id').notNull(), scopeId: text('scope_id').notNull(), createdAt: createdAt() },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.roleId, table.scopeId] }),
    foreignKey({ columns: [table.tenantId, table.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.scopeId], foreignColumns: [scopes.tenantId, scopes.id] }).onDelete('cascade'),
    index('roles_scopes_tenant_id_scope_id').on(table.tenantId, table.scopeId),
  ],
);

/** A machine-to-machine application's roles. */
export const applicationsRoles = idp.table(
  'applications_roles',
  { tenantId: tenantId(), applicationId: text('application_id').notNull(), roleId: text('role_id').notNull(), createdAt: createdAt() },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.applicationId, table.roleId] }),
    foreignKey({ columns: [table.tenantId, table.applicationId], foreignColumns: [applications.tenantId, applications.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    index('applications_roles_tenant_id_role_id').on(table.tenantId, table.roleId),
  ],
);

/** A tenant's end users (spec 02 §3, User), apart from the console's accounts in public.users. */
export const users = idp.table(
  'users',
  {
    tenantId: tenantId(),
    id: text('id').notNull(),
    username: text('username'),
    /** Lower-cased. */
    primaryEmail: text('primary_email'),
    primaryPhone: text('primary_phone'),
    /** How each was verified (migration 0015), null when it was not: a registered e-mail is not, until a code proves it. */
    primaryEmailVerifiedBy: text('primary_email_verified_by').$type<IdentifierVerification>(),
    primaryPhoneVerifiedBy: text('primary_phone_verified_by').$type<IdentifierVerification>(),
    name: text('name'),
    avatar: text('avatar'),
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    passwordEncrypted: text('password_encrypted'),
    passwordEncryptionMethod: text('password_encryption_method'),
    identities: jsonb('identities').$type<Record<string, unknown>>().notNull().default({}),
    customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull().default({}),
    mfaVerifications: jsonb('mfa_verifications').$type<unknown[]>().notNull().default([]),
    isSuspended: boolean('is_suspended').notNull().default(false),
    lastSignInAt: time('last_sign_in_at'),
    /** The application the user registered through. */
    applicationId: text('application_id'),
    /** The start of the tenant's billing period in which the user was last counted as active (monthly active users). */
    activePeriodStart: time('active_period_start'),
    createdAt: createdAt(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.id] }),
    // text_pattern_ops: these also serve a search's prefix match (users.md §2); usernames are unique in any case.
    uniqueIndex('users_tenant_id_username').on(table.tenantId, sql`lower(${table.username}) text_pattern_ops`),
    uniqueIndex('users_tenant_id_primary_email').on(table.tenantId, table.primaryEmail.op('text_pattern_ops')),
    uniqueIndex('users_tenant_id_primary_phone').on(table.tenantId, table.primaryPhone.op('text_pattern_ops')),
    index('users_tenant_id_id_prefix').on(table.tenantId, table.id.op('text_pattern_ops')),
    index('users_tenant_id_name').on(table.tenantId, sql`lower(${table.name}) text_pattern_ops`),
    index('users_tenant_id_created_at_id').on(table.tenantId, table.createdAt.desc(), table.id.desc()),
    index('users_tenant_id_last_sign_in_at_id').on(table.tenantId, table.lastSignInAt.desc().nullsLast(), table.id.desc()),
    index('users_identities').using('gin', sql`${table.identities} jsonb_path_ops`),
    index('users_tenant_id_suspended_created_at_id').on(table.tenantId, table.createdAt.desc(), table.id.desc()).where(sql`${table.isSuspended}`),
    index('users_search').using(
      'gin',
      sql`lower(${table.id} || ' ' || coalesce(${table.username}, '') || ' ' || coalesce(${table.primaryEmail}, '') || ' ' || coalesce(${table.primaryPhone}, '') || ' ' || coalesce(${table.name}, '')) gin_trgm_ops`,
    ),
  ],
);

/** A user's roles (User roles only). */
export const usersRoles = idp.table(
  'users_roles',
  { tenantId: tenantId(), userId: text('user_id').notNull(), roleId: text('role_id').notNull(), createdAt: createdAt() },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId, table.roleId] }),
    foreignKey({ columns: [table.tenantId, table.userId], foreignColumns: [users.tenantId, users.id] }).onDelete('cascade'),
    foreignKey({ columns: [table.tenantId, table.roleId], foreignColumns: [roles.tenantId, roles.id] }).onDelete('cascade'),
    index('users_roles_tenant_id_role_id').on(table.tenantId, table.roleId),
  ],
);

/**
 * The user scopes enabled for a third-party application's consent. Its constraints are named: the names drizzle makes
 * of these long table names pass PostgreSQL's 63 characters and collide.
 */
export const applicationUserConsentUserScopes = idp.table(
  'application_user_consent_user_scopes',
  { tenantId: tenantId(), applicationId: text('application_id').notNull(), userScope: text('user_scope').$type<UserConsentScope>().notNull(), createdAt: createdAt() },
  (table) => [
    primaryKey({ name: 'application_user_consent_user_scopes_pk', columns: [table.tenantId, table.applicationId, table.userScope] }),
    foreignKey({
      name: 'application_user_consent_user_scopes_application_fk',
      columns: [table.tenantId, table.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
  ],
);

/** The API resource permissions enabled for a third-party application's consent. */
export const applicationUserConsentResourceScopes = idp.table(
  'application_user_consent_resource_scopes',
  { tenantId: tenantId(), applicationId: text('application_id').notNull(), scopeId: text('scope_id').notNull(), createdAt: createdAt() },
  (table) => [
    primaryKey({ name: 'application_user_consent_resource_scopes_pk', columns: [table.tenantId, table.applicationId, table.scopeId] }),
    foreignKey({
      name: 'application_user_consent_resource_scopes_application_fk',
      columns: [table.tenantId, table.applicationId],
      foreignColumns: [applications.tenantId, applications.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'application_user_consent_resource_scopes_scope_fk', columns: [table.tenantId, table.scopeId], foreignColumns: [scopes.tenantId, scopes.id] }).onDelete('cascade'),
    index('application_user_consent_resource_scopes_tenant_id_scope_id').on(table.tenantId, table.scopeId),
  ],
);

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
