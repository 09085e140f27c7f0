import { createFileRoute } from '@tanstack/react-router';
import { userQueries } from '#src/data/users.ts';
import { UserLayout } from '#src/pages/users/details/UserLayout.tsx';

export const Route = createFileRoute('/_console/$tenantId/users/$id')({
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(userQueries.detail(context.api, params.tenantId, params.id)),
  component: UserLayout,
});
