import { sql } from 'drizzle-orm';
import type { IdentifierVerification } from '#schemas/user.ts';
import { bigint, boolean, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
export const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type Identities = Record<string, { userId: string; details?: Record<string, unknown> }>;

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  username: text('username').unique(),
  /** Stored lower-cased. */
  primaryEmail: text('primary_email').unique(),
  primaryPhone: text('primary_phone'),
  /** How each was verified (migration 0015), null when it was not. */
  primaryEmailVerifiedBy: text('primary_email_verified_by').$type<IdentifierVerification>(),
  primaryPhoneVerifiedBy: text('primary_phone_verified_by').$type<IdentifierVerification>(),
  name: text('name'),
  avatar: text('avatar'),
  passwordHash: text('password_hash'),
  customData: jsonb('custom_data').$type<Record<string, unknown>>().notNull().default({}),
  identities: jsonb('identities').$type<Identities>().notNull().default({}),
  createdAt: createdAt(),
});

export const tenants = pgTable('tenants', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  tag: text('tag').notNull(),
  regionName: text('region_name').notNull(),
  /** The subscription: plan, status and billing period (every tenant has one). */
  planId: text('plan_id').notNull(),
  subscriptionStatus: text('subscription_status').notNull().default('active'),
  periodStart: time('period_start').notNull().defaultNow(),
  periodEnd: time('period_end').notNull().default(sql`now() + interval '1 month'`),
  isSuspended: boolean('is_suspended').notNull().default(false),
  /** Usage counters of the current period. */
  activeUsers: integer('active_users').notNull().default(0),
  tokenUsage: bigint('token_usage', { mode: 'number' }).notNull().default(0),
  /** Bumped with every change a tenant's cached issuer must be rebuilt for (its keys, fixed settings). */
  runtimeVersion: bigint('runtime_version', { mode: 'number' }).notNull().default(0),
  createdAt: createdAt(),
});

export const tenantMembers = pgTable(
  'tenant_members',
  {
    tenantId: text('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.userId] }), index('tenant_members_user_id').on(table.userId)],
);

/** Invitations to tenants; the status Expired is also derived from expiresAt when read. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    inviterId: text('inviter_id').references(() => users.id, { onDelete: 'set null' }),
    /** Stored lower-cased. */
    invitee: text('invitee').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull().default('Pending'),
    acceptedUserId: text('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('invitations_tenant_id').on(table.tenantId), index('invitations_invitee').on(table.invitee)],
);

/** Mail kept by the development mailbox instead of being sent (no SMTP_URL). */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The sender name a tenant's Dev mailbox connector sets; null for the server's own mail. */
    from: text('from'),
    createdAt: createdAt(),
  },
  (table) => [index('dev_mailbox_to_created_at').on(table.to, table.createdAt)],
);

/** Text messages kept by a tenant's Dev SMS outbox connector instead of being sent (local use only). */
export const devSmsOutbox = pgTable(
  'dev_sms_outbox',
  {
    id: text('id').primaryKey(),
    to: text('to').notNull(),
    from: text('from'),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('dev_sms_outbox_to_created_at').on(table.to, table.createdAt)],
);

/** Requests received by the dev webhook inbox `/dev/webhooks/{name}` (local use only, like the dev mailbox). */
export const devWebhookRequests = pgTable(
  'dev_webhook_requests',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    body: text('body').notNull(),
    /** The status the inbox answered. */
    status: integer('status').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('dev_webhook_requests_name_created_at').on(table.name, table.createdAt)],
);

/** The status each dev webhook inbox answers with (200 unless set). */
export const devWebhookInboxes = pgTable('dev_webhook_inboxes', {
  name: text('name').primaryKey(),
  status: integer('status').notNull(),
});

/** Every oidc-provider model (sessions, grants, interactions, codes, refresh tokens, …), keyed by issuer, model and id. */
export const oidcModels = pgTable(
  'oidc_models',
  {
    /** The issuer the row belongs to: a tenant's id, or adminTenantId for the console's own issuer. */
    tenantId: text('tenant_id').notNull(),
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    /** An interaction's sign-in flow: the snapshot of its machine (machines/sign-in), which any process takes on from. */
    signInFlow: jsonb('sign_in_flow').$type<Record<string, unknown>>(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.model, table.id] }),
    index('oidc_models_grant_id').on(table.grantId),
    index('oidc_models_uid').on(table.uid),
    index('oidc_models_user_code').on(table.userCode),
    index('oidc_models_expires_at').on(table.expiresAt),
    index('oidc_models_tenant_id_account_id').on(table.tenantId, sql`(${table.payload} ->> 'accountId')`),
    index('oidc_models_tenant_id_interaction_account_id')
      .on(table.tenantId, sql`((${table.payload} -> 'session') ->> 'accountId')`)
      .where(sql`${table.model} = 'Interaction'`),
  ],
);

/** Signing keys and cookie keys, generated on the first start. */
export const serverKeys = pgTable('server_keys', {
  id: text('id').primaryKey(),
  value: jsonb('value').notNull(),
  createdAt: createdAt(),
});

/** Failed password attempts per identifier, for rate limiting sign-in. */
export const signInFailures = pgTable(
  'sign_in_failures',
  {
    identifier: text('identifier').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('sign_in_failures_identifier_created_at').on(table.identifier, table.createdAt)],
);

/** Per-tenant configuration documents, e.g. `adminConsole`. */
export const tenantConfigs = pgTable(
  'tenant_configs',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.key] })],
);

/** Operator settings changed at run time (`npm run ops`), shared by every server process. */
export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

/** node-postgres reads bytea as a Buffer, PGlite as a Uint8Array: both come out as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Uploaded images (avatars), served at /user-assets/{id}; kept in the database so every process can serve them. */
export const userAssets = pgTable(
  'user_assets',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('user_assets_user_id_created_at').on(table.userId, table.createdAt)],
);

/** E-mail verification codes (spec 02 §3, verification code record). */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    type: text('type').notNull(),
    code: text('code').notNull(),
    consumed: boolean('consumed').notNull().default(false),
    tryCount: integer('try_count').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: time('expires_at').notNull(),
  },
  (table) => [index('verification_codes_user_id_created_at').on(table.userId, table.createdAt)],
);

/**
 * What a user proved a moment ago and may now use once: their password (`password`, to set a new one) or an e-mail
 * (`email`, to make it the primary one).
 */
export const verificationStatuses = pgTable(
  'verification_statuses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: time('expires_at').notNull(),
  },
  (table) => [index('verification_statuses_user_id_kind').on(table.userId, table.kind)],
);

/** Social link requests started by POST me/social/authorization-uri; link-identity must bring back the same state. */
export const socialAuthorizations = pgTable(
  'social_authorizations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    connectorId: text('connector_id').notNull(),
    state: text('state').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: createdAt(),
    expiresAt: time('expires_at').notNull(),
  },
  (table) => [index('social_authorizations_user_id_state').on(table.userId, table.state)],
);

/** Authorization codes of the built-in demo social provider: single use, short-lived. */
export const demoSocialCodes = pgTable('demo_social_codes', {
  code: text('code').primaryKey(),
  identity: text('identity').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  createdAt: createdAt(),
  expiresAt: time('expires_at').notNull(),
});
