import { createFileRoute } from '@tanstack/react-router';
import { connectorQueries } from '#src/data/connectors.ts';
import { ConnectorDetailsPage } from '#src/pages/connectors/details/ConnectorDetailsPage.tsx';

export const Route = createFileRoute('/_console/$tenantId/connectors/$tab/$connectorId')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(connectorQueries.detail(context.api, params.tenantId, params.connectorId)),
  component: function ConnectorDetailsRoute() {
    return <ConnectorDetailsPage connectorId={Route.useParams().connectorId} />;
  },
});
