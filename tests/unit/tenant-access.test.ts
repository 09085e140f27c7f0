import { expect, test } from 'vitest';
import { tenantRoles } from '#schemas/constants.ts';
import { extraScopes, missingScopes } from '#machines/scope-reconciliation.machine.ts';
import { noTenantAccess, tenantAccessOf } from '#src/rules/tenant-access.ts';

test('the four access flags follow the member scopes of the role', () => {
  expect(tenantAccessOf(tenantRoles.admin)).toEqual({
    canInviteMember: true, canRemoveMember: true, canUpdateMemberRole: true, canManageTenant: true,
  });
  expect(tenantAccessOf(tenantRoles.collaborator)).toEqual(noTenantAccess);
  expect(tenantAccessOf(['read:member', 'invite:member'])).toEqual({ ...noTenantAccess, canInviteMember: true });
});

test('token scopes compared with the server: missing ones need consent, extra ones a new token', () => {
  const admin = [...tenantRoles.admin];
  const collaborator = [...tenantRoles.collaborator];
  expect(missingScopes(admin, collaborator)).toEqual(['invite:member', 'remove:member', 'update:member:role', 'manage:tenant']);
  expect(extraScopes(admin, collaborator)).toEqual([]);
  expect(missingScopes(collaborator, admin)).toEqual([]);
  expect(extraScopes(collaborator, admin)).toEqual(['invite:member', 'remove:member', 'update:member:role', 'manage:tenant']);
  expect(missingScopes(admin, [...admin].reverse())).toEqual([]);
});
