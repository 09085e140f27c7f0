import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/connectors/$tab/guide/$factoryId')({
  component: () => <Placeholder page="connectorGuide" />,
});
