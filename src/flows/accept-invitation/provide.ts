import { fromPromise } from 'xstate';
import { acceptInvitationMachine, type InvitationRequest } from '../../../machines/accept-invitation.machine.ts';
import type { Invitation } from '../../../schemas/invitation.ts';
import type { Tenant } from '../../../schemas/tenant.ts';

export type AcceptInvitationDependencies = {
  getInvitation: (invitationId: string) => Promise<Invitation>;
  acceptInvitation: (invitationId: string) => Promise<Invitation>;
  fetchTenants: () => Promise<Tenant[]>;
  setTenants: (tenants: Tenant[]) => void;
  goToTenant: (tenantId: string) => void;
  signInAgain: () => void;
};

/** The accept-invitation machine with its real effects: the invitations API, the session's tenants, the router. */
export function provideAcceptInvitationMachine(deps: AcceptInvitationDependencies) {
  return acceptInvitationMachine.provide({
    actors: {
      getInvitation: fromPromise<Invitation, InvitationRequest>(({ input }) => deps.getInvitation(input.invitationId)),
      acceptInvitation: fromPromise<Invitation, InvitationRequest>(({ input }) => deps.acceptInvitation(input.invitationId)),
      fetchTenants: fromPromise(() => deps.fetchTenants()),
    },
    actions: {
      updateTenants: (_, tenants: Tenant[]) => deps.setTenants(tenants),
      goToTenant: (_, tenantId: string) => deps.goToTenant(tenantId),
      switchAccount: () => deps.signInAgain(),
    },
  });
}
