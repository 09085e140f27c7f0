import { createFileRoute } from '@tanstack/react-router';
import { jwtCustomizerQueries } from '#src/data/jwt-customizer.ts';
import { CustomizeJwtPage } from '#src/pages/customize-jwt/CustomizeJwtPage.tsx';

export const Route = createFileRoute('/_console/$tenantId/customize-jwt/')({
  // Starts the scripts' request with the route's code; the page shows its loading cards meanwhile.
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(jwtCustomizerQueries.list(context.api, params.tenantId)),
  component: CustomizeJwtPage,
});
