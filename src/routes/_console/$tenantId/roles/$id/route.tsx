import { createFileRoute } from '@tanstack/react-router';
import { roleQueries } from '#src/data/roles.ts';
import { RoleLayout } from '#src/pages/roles/details/RoleLayout.tsx';

export const Route = createFileRoute('/_console/$tenantId/roles/$id')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(roleQueries.detail(context.api, params.tenantId, params.id)),
  component: RoleLayout,
});
