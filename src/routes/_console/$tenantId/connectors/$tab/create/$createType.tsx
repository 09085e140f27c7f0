import { createFileRoute, notFound } from '@tanstack/react-router';
import { connectorQueries } from '#src/data/connectors.ts';
import { ConnectorsPage, type ConnectorsTab } from '#src/pages/connectors/ConnectorsPage.tsx';
import { CreateConnectorModal } from '#src/pages/connectors/CreateConnectorModal.tsx';
import { connectorTabOf, isCreateType } from '#src/pages/connectors/connector-names.ts';

/** The list with the factory picker over it (connectors.md §2); Next opens the factory's guide in its place. */
export const Route = createFileRoute('/_console/$tenantId/connectors/$tab/create/$createType')({
  beforeLoad: ({ params }) => {
    if (!isCreateType(params.createType) || connectorTabOf(params.createType) !== params.tab) throw notFound();
  },
  loader: ({ context, params }) => {
    void context.queryClient.prefetchQuery(connectorQueries.list(context.api, params.tenantId));
    void context.queryClient.prefetchQuery(connectorQueries.factories(context.api, params.tenantId));
  },
  component: function CreateConnector() {
    const { tenantId, tab, createType } = Route.useParams();
    const navigate = Route.useNavigate();
    return (
      <>
        <ConnectorsPage tab={tab as ConnectorsTab} />
        {isCreateType(createType) && (
          <CreateConnectorModal
            type={createType}
            onClose={() => void navigate({ to: '/$tenantId/connectors/$tab', params: { tenantId, tab } })}
            onNext={(factoryId) => void navigate({ to: '/$tenantId/connectors/$tab/guide/$factoryId', params: { tenantId, tab, factoryId }, replace: true })}
          />
        )}
      </>
    );
  },
});
