import type { TenantScope } from '#schemas/constants.ts';

export type TenantAccess = { canInviteMember: boolean; canRemoveMember: boolean; canUpdateMemberRole: boolean; canManageTenant: boolean };

export const noTenantAccess: TenantAccess = { canInviteMember: false, canRemoveMember: false, canUpdateMemberRole: false, canManageTenant: false };

/** The four access flags of spec 01 §6, from the member's tenant scopes. */
export function tenantAccessOf(scopes: readonly string[]): TenantAccess {
  const has = (scope: TenantScope) => scopes.includes(scope);
  return {
    canInviteMember: has('invite:member'),
    canRemoveMember: has('remove:member'),
    canUpdateMemberRole: has('update:member:role'),
    canManageTenant: has('manage:tenant'),
  };
}
