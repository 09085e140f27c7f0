import { createFileRoute } from '@tanstack/react-router';
import { connectorQueries } from '#src/data/connectors.ts';
import { ConnectorGuide } from '#src/pages/connectors/ConnectorGuide.tsx';

/** A factory's guide, full screen (connectors.md §3); closing it goes back to the tab's list. */
export const Route = createFileRoute('/_console/$tenantId/connectors/$tab/guide/$factoryId')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(connectorQueries.factory(context.api, params.tenantId, params.factoryId)),
  component: function ConnectorGuideRoute() {
    const { tenantId, tab, factoryId } = Route.useParams();
    const navigate = Route.useNavigate();
    return <ConnectorGuide factoryId={factoryId} onClose={() => void navigate({ to: '/$tenantId/connectors/$tab', params: { tenantId, tab } })} />;
  },
});
