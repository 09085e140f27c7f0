import { createFileRoute } from '@tanstack/react-router';
import { requireFeature } from '#src/app/guards.ts';
import { AcceptInvitationFlow } from '#src/flows/accept-invitation/AcceptInvitationFlow.tsx';

export const Route = createFileRoute('/_console/accept/$invitationId')({
  beforeLoad: requireFeature('invitations'),
  component: function AcceptInvitationPage() {
    const { invitationId } = Route.useParams();
    return <AcceptInvitationFlow key={invitationId} invitationId={invitationId} />;
  },
});
