import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export type Identities = Record<string, { userId: string; details?: Record<string, unknown> }>;

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  username: text('username').unique(),
  /** Stored lower-cased. */
  primaryEmail: text('primary_email').unique(),
  primaryPhone: text('primary_phone'),
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
  planId: text('plan_id').notNull(),
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
    createdAt: createdAt(),
  },
  (table) => [index('dev_mailbox_to_created_at').on(table.to, table.createdAt)],
);

/** Every oidc-provider model (sessions, grants, interactions, codes, refresh tokens, …), keyed by model and id. */
export const oidcModels = pgTable(
  'oidc_models',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
  },
  (table) => [
    primaryKey({ columns: [table.model, table.id] }),
    index('oidc_models_grant_id').on(table.grantId),
    index('oidc_models_uid').on(table.uid),
    index('oidc_models_user_code').on(table.userCode),
    index('oidc_models_expires_at').on(table.expiresAt),
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
