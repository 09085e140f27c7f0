import { createFileRoute } from '@tanstack/react-router';
import { requireFeature } from '#src/app/guards.ts';
import { AcceptInvitationFlow } from '#src/flows/accept-invitation/AcceptInvitationFlow.tsx';

/** The same flow as /accept/{invitationId}; the spec lists both paths. */
export const Route = createFileRoute('/_console/accept-invitation/$invitationId')({
  beforeLoad: requireFeature('invitations'),
  component: function AcceptInvitationPage() {
    const { invitationId } = Route.useParams();
    return <AcceptInvitationFlow key={invitationId} invitationId={invitationId} />;
  },
});
