import { createFileRoute } from '@tanstack/react-router';
import { MembersTable } from '../../../../../pages/tenant-settings/MembersTable.tsx';
import { PageLoader } from '../../../../../ui/PageLoader.tsx';

/** The member list (read:member, which every member has). */
export const Route = createFileRoute('/_console/$tenantId/tenant-settings/members/')({
  loader: ({ context, params }) => context.api.members.listMembers(params.tenantId),
  pendingComponent: () => <PageLoader />,
  component: function MemberList() {
    const { tenantId } = Route.useParams();
    return <MembersTable tenantId={tenantId} members={Route.useLoaderData()} />;
  },
});
