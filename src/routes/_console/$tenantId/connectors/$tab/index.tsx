import { createFileRoute } from '@tanstack/react-router';
import { connectorQueries } from '#src/data/connectors.ts';
import { ConnectorsPage, type ConnectorsTab } from '#src/pages/connectors/ConnectorsPage.tsx';

export const Route = createFileRoute('/_console/$tenantId/connectors/$tab/')({
  // Starts the list's request with the route's code; the page shows its skeleton, error or rows meanwhile.
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(connectorQueries.list(context.api, params.tenantId)),
  component: function ConnectorsTabPage() {
    return <ConnectorsPage tab={Route.useParams().tab as ConnectorsTab} />;
  },
});
