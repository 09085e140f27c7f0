import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, jsonb, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { IdentifierVerification } from '#schemas/user.ts';
import { createdAt } from '../schema.ts';
import { roles } from './roles.ts';
import { idp, tenantId, time } from './schema.ts';

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
