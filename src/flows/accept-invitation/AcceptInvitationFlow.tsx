import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { invitationErrorCodes } from '../../../machines/accept-invitation.machine.ts';
import { useServices } from '../../app/services.ts';
import { AcceptInvitationView } from './AcceptInvitationView.tsx';
import { provideAcceptInvitationMachine } from './provide.ts';

const quiet = { suppressErrorCodes: invitationErrorCodes };

/** Loads the invitation of the link and accepts it (spec 01 §2): /accept/{invitationId} and /accept-invitation/{invitationId}. */
export function AcceptInvitationFlow({ invitationId }: { invitationId: string }) {
  const { api } = useRouteContext({ from: '__root__' });
  const services = useServices();
  const navigate = useNavigate();
  const actor = useActorRef(
    provideAcceptInvitationMachine({
      getInvitation: (id) => api.invitations.getInvitation(id, quiet),
      acceptInvitation: (id) => api.invitations.acceptInvitation(id, quiet),
      fetchTenants: api.tenants.listTenants,
      setTenants: services.setTenants,
      goToTenant: (tenantId) => void navigate({ to: '/$tenantId', params: { tenantId }, replace: true }),
      signInAgain: services.signInAgain,
    }),
    { input: { invitationId } },
  );
  const state = useSelector(actor, (snapshot) => snapshot);
  return <AcceptInvitationView state={state} send={actor.send} />;
}
