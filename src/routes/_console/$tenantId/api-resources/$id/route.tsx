import { createFileRoute } from '@tanstack/react-router';
import { resourceQueries } from '../../../../../data/resources.ts';
import { ApiResourceLayout } from '../../../../../pages/api-resources/details/ApiResourceLayout.tsx';

export const Route = createFileRoute('/_console/$tenantId/api-resources/$id')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(resourceQueries.detail(context.api, params.tenantId, params.id)),
  component: ApiResourceLayout,
});
