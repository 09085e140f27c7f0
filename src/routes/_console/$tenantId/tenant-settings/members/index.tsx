import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { memberQueries } from '#src/data/members.ts';
import { MembersTable } from '#src/pages/tenant-settings/MembersTable.tsx';
import { PageLoader } from '#src/ui/PageLoader.tsx';

/** The member list (read:member, which every member has). */
export const Route = createFileRoute('/_console/$tenantId/tenant-settings/members/')({
  loader: ({ context: { queryClient, api }, params }) => queryClient.ensureQueryData(memberQueries.list(api, params.tenantId)),
  pendingComponent: () => <PageLoader />,
  component: function MemberList() {
    const { tenantId } = Route.useParams();
    const { api } = Route.useRouteContext();
    return <MembersTable members={useSuspenseQuery(memberQueries.list(api, tenantId)).data} />;
  },
});
