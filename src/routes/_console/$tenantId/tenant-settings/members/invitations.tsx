import { createFileRoute } from '@tanstack/react-router';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { InvitationsList } from '#src/pages/tenant-settings/InvitationsList.tsx';
import { RequireAccess } from '#src/pages/tenant-settings/RequireAccess.tsx';

/** Only for members who can invite (spec 02 §2); loaded by the list itself, once the access is known. */
export const Route = createFileRoute('/_console/$tenantId/tenant-settings/members/invitations')({
  component: function Invitations() {
    const { tenantId } = Route.useParams();
    return (
      <RequireAccess allowed={useTenantAccess().canInviteMember}>
        <InvitationsList tenantId={tenantId} />
      </RequireAccess>
    );
  },
});
