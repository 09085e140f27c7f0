import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { acceptInvitationMachine, invitationErrorCodes, type InvitationRequest } from '#machines/accept-invitation.machine.ts';
import type { Invitation } from '#schemas/invitation.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { useServices } from '#src/app/services.ts';
import { AcceptInvitationView } from './AcceptInvitationView.tsx';

const quiet = { suppressErrorCodes: invitationErrorCodes };

/** Loads the invitation of the link and accepts it (spec 01 §2): /accept/{invitationId} and /accept-invitation/{invitationId}. */
export function AcceptInvitationFlow({ invitationId }: { invitationId: string }) {
  const { api } = useRouteContext({ from: '__root__' });
  const services = useServices();
  const navigate = useNavigate();
  const actor = useActorRef(
    acceptInvitationMachine.provide({
      actors: {
        getInvitation: fromPromise<Invitation, InvitationRequest>(({ input }) => api.invitations.getInvitation(input.invitationId, quiet)),
        acceptInvitation: fromPromise<Invitation, InvitationRequest>(({ input }) => api.invitations.acceptInvitation(input.invitationId, quiet)),
        fetchTenants: fromPromise(() => api.tenants.listTenants()),
      },
      actions: {
        updateTenants: (_, tenants: Tenant[]) => services.setTenants(tenants),
        goToTenant: (_, tenantId: string) => void navigate({ to: '/$tenantId', params: { tenantId }, replace: true }),
        switchAccount: () => services.signInAgain(),
      },
    }),
    { input: { invitationId } },
  );
  const state = useSelector(actor, (snapshot) => snapshot);
  return <AcceptInvitationView state={state} send={actor.send} />;
}
