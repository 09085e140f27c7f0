import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '#src/pages/Placeholder.tsx';

export const Route = createFileRoute('/_console/$tenantId/customize-jwt/$tokenType/$action')({
  component: () => <Placeholder page="customizeJwtDetails" />,
});
