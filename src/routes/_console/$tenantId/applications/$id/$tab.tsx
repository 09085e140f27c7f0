import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '#src/ui/NotFound.tsx';

/** Any other tab (organizations come with organizations) is not found, inside the layout. */
export const Route = createFileRoute('/_console/$tenantId/applications/$id/$tab')({
  component: NotFound,
});
