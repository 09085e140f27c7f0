import { internalRolePrefix, type PatchRole, type Role, type RoleType } from '#schemas/role.ts';
import type { Db } from '#server/db/client.ts';
import { ok, type Result } from '#server/result.ts';
import { findApplications } from '../applications/store.ts';
import { idsOf, notExists, uniqueOr, type NotExists } from '../refusals.ts';
import * as store from './store.ts';

/**
 * A role's rules: internal roles are the server's own, a default role is a user role, the management API's permissions
 * are for machine-to-machine roles, and who may hold a role goes by its type.
 */

export type RoleRefusal =
  | NotExists
  | { reason: 'role.internal_role_violation' | 'role.name_in_use' | 'role.default_role_must_be_user_role' }
  | { reason: 'role.management_api_scopes_not_assignable_to_user_role' | 'user.invalid_role_type' }
  | { reason: 'application.invalid_role_type' | 'application.invalid_type' };

const refused = <Reason extends RoleRefusal['reason']>(reason: Reason) => ({ ok: false, reason }) as const;
const nameInUse = refused('role.name_in_use');

/** Roles named with the internal prefix are the server's own (spec 02 §6). */
export const isInternalRoleName = (name: unknown) => typeof name === 'string' && name.trim().startsWith(internalRolePrefix);

/** The role; with `modifiable`, refused for an internal role, which nobody changes. */
export const roleOf = async (db: Db, tenantId: string, id: string, { modifiable = false } = {}) => {
  const role = await store.findRole(db, tenantId, id);
  if (!role) return notExists(id);
  return modifiable && isInternalRoleName(role.name) ? refused('role.internal_role_violation') : ok(role);
};

/** Only user roles are given to new users by default. */
export const defaultFits = (type: RoleType, isDefault: boolean | undefined): Result<void, { reason: 'role.default_role_must_be_user_role' }> =>
  isDefault && type !== 'User' ? refused('role.default_role_must_be_user_role') : ok(undefined);

/** The distinct ids of the tenant's permissions `scopeIds`; the management API's are refused for a user role. */
export const scopeIdsFor = async (db: Db, tenantId: string, type: RoleType, scopeIds: readonly string[]) =>
  idsOf(scopeIds, await store.findScopes(db, tenantId, [...new Set(scopeIds)]), (scope) =>
    scope.ofManagementApi && type === 'User' ? refused('role.management_api_scopes_not_assignable_to_user_role') : undefined,
  );

/** The role created, refused when the tenant has a role of its name. */
export const createRole = (db: Db, tenantId: string, input: Parameters<typeof store.insertRole>[2]) =>
  uniqueOr(store.insertRole(db, tenantId, input), 'roles_tenant_id_name', nameInUse);

/** The role updated (it exists), refused when the tenant has another role of its new name. */
export const updateRole = async (db: Db, tenantId: string, id: string, patch: PatchRole) => {
  const updated = await uniqueOr(store.updateRole(db, tenantId, id, patch), 'roles_tenant_id_name', nameInUse);
  return updated.ok ? ok(updated.value!) : updated;
};

/** The distinct ids of the tenant's applications that may hold `role`: machine-to-machine both. */
export const applicationIdsFor = async (db: Db, tenantId: string, role: Role, applicationIds: readonly string[]) => {
  if (role.type !== 'MachineToMachine') return refused('application.invalid_role_type');
  const ids = [...new Set(applicationIds)];
  return idsOf(ids, await findApplications(db, tenantId, ids), (application) =>
    application.type === 'MachineToMachine' ? undefined : refused('application.invalid_type'),
  );
};

/** The distinct ids of the tenant's users that may hold `role`: a user role. */
export const userIdsFor = async (db: Db, tenantId: string, role: Role, userIds: readonly string[]) => {
  if (role.type !== 'User') return refused('user.invalid_role_type');
  const ids = [...new Set(userIds)];
  return idsOf(ids, (await store.findUserIds(db, tenantId, ids)).map((id) => ({ id })));
};

const roleIdsOfType =
  <Reason extends RoleRefusal['reason']>(type: RoleType, reason: Reason) =>
  async (db: Db, tenantId: string, roleIds: readonly string[]) =>
    idsOf(roleIds, await store.findRoles(db, tenantId, [...new Set(roleIds)]), (role) => (role.type === type ? undefined : refused(reason)));

/** The distinct ids of the tenant's roles `roleIds` for a user: user roles all. */
export const userRoleIdsOf = roleIdsOfType('User', 'user.invalid_role_type');

/** The distinct ids of the tenant's roles `roleIds` for an application: machine-to-machine roles all. */
export const machineToMachineRoleIdsOf = roleIdsOfType('MachineToMachine', 'application.invalid_role_type');
