import { createFileRoute } from '@tanstack/react-router';
import { applicationQueries } from '#src/data/applications.ts';
import { ApplicationLayout } from '#src/pages/applications/details/ApplicationLayout.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(applicationQueries.detail(context.api, params.tenantId, params.id)),
  component: ApplicationLayout,
});
