import { fromPromise } from 'xstate';
import { accountDeletionMachine, type TenantBlockers } from '#machines/account-deletion.machine.ts';
import { deletionBlockersOf } from '#schemas/profile.ts';
import type { Tenant } from '#schemas/tenant.ts';

export type AccountDeletionDependencies = {
  /** The ID token's organization_roles (`{tenantId}:{role}`); rejects when the claims are unavailable. */
  organizationRoles: () => Promise<string[]>;
  tenants: () => Tenant[];
  deleteAccount: () => Promise<void>;
  notifyClaimsUnavailable: () => void;
  signOut: () => void;
};

/** The blockers of the tenants the user administers, per tenant; tenants without blockers are left out. */
export const blockedAdminTenantsOf = (tenants: readonly Tenant[], roles: readonly string[]): TenantBlockers[] =>
  tenants
    .filter((tenant) => roles.includes(`${tenant.id}:admin`))
    .map((tenant) => ({ tenantId: tenant.id, tenantName: tenant.name, blockers: deletionBlockersOf(tenant) }))
    .filter(({ blockers }) => blockers.length > 0);

/** The account deletion machine with its real effects: the ID token's claims, DELETE /api/me, the toast, sign-out. */
export function provideAccountDeletionMachine(deps: AccountDeletionDependencies) {
  return accountDeletionMachine.provide({
    actors: {
      checkEligibility: fromPromise(async () => blockedAdminTenantsOf(deps.tenants(), await deps.organizationRoles())),
      deleteAccount: fromPromise(() => deps.deleteAccount()),
    },
    actions: {
      notifyClaimsUnavailable: () => deps.notifyClaimsUnavailable(),
      signOut: () => deps.signOut(),
    },
  });
}
