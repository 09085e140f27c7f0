import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../../../pages/Placeholder.tsx';
import { requireFeature } from '../../../app/guards.ts';

export const Route = createFileRoute('/_console/accept-invitation/$invitationId')({
  beforeLoad: requireFeature('invitations'),
  component: () => <Placeholder page="acceptInvitation" />,
});
