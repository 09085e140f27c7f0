import { createFileRoute, notFound } from '@tanstack/react-router';
import { Placeholder } from '../../../../../pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/members/invitations')({
  beforeLoad: ({ context }) => {
    if (!(context.access.canInviteMember)) throw notFound();
  },
  component: () => <Placeholder page="tenantSettings" tab="invitations" />,
});
