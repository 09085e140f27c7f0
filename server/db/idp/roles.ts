import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../schema.ts';
import { applications } from './applications.ts';
import { scopes } from './resources.ts';
import { idp, tenantId } from './schema.ts';

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
