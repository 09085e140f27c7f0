import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/connectors/$tab/')({
  component: function ConnectorsTab() {
    const { tab } = Route.useParams();
    return <Placeholder page="connectors" tab={tab} />;
  },
});
