import { createFileRoute } from '@tanstack/react-router';
import { resourceQueries } from '#src/data/resources.ts';
import { ApiResourceLayout } from '#src/pages/api-resources/details/ApiResourceLayout.tsx';

export const Route = createFileRoute('/_console/$tenantId/api-resources/$id')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(resourceQueries.detail(context.api, params.tenantId, params.id)),
  component: ApiResourceLayout,
});
