import { tenantRoles, type TenantRole, type TenantScope } from '../../schemas/constants.ts';

export type TenantAccess = { canInviteMember: boolean; canRemoveMember: boolean; canUpdateMemberRole: boolean; canManageTenant: boolean };

const isTenantRole = (value: string): value is TenantRole => value in tenantRoles;

/** The member's scopes in a tenant, from the `organization_roles` claim (entries `{tenantId}:{role}`). */
export function tenantScopesOf(organizationRoles: readonly string[], tenantId: string): Set<TenantScope> {
  const scopes = new Set<TenantScope>();
  for (const entry of organizationRoles) {
    const separator = entry.lastIndexOf(':');
    const role = entry.slice(separator + 1);
    if (entry.slice(0, separator) === tenantId && isTenantRole(role)) for (const scope of tenantRoles[role]) scopes.add(scope);
  }
  return scopes;
}

/** The four access flags of spec 01 §6. */
export function tenantAccessOf(scopes: ReadonlySet<TenantScope>): TenantAccess {
  return {
    canInviteMember: scopes.has('invite:member'),
    canRemoveMember: scopes.has('remove:member'),
    canUpdateMemberRole: scopes.has('update:member:role'),
    canManageTenant: scopes.has('manage:tenant'),
  };
}
