import { createFileRoute, notFound } from '@tanstack/react-router';
import { jwtCustomizerQueries } from '#src/data/jwt-customizer.ts';
import { JwtEditorPage } from '#src/pages/customize-jwt/editor/JwtEditorPage.tsx';
import { isJwtEditorAction, isJwtTokenType, type JwtEditorAction } from '#src/pages/customize-jwt/token-types.ts';
import type { JwtTokenType } from '#schemas/jwt-customizer.ts';

export const Route = createFileRoute('/_console/$tenantId/customize-jwt/$tokenType/$action')({
  // A token type or an action outside customize-jwt.md §0 is not found.
  beforeLoad: ({ params }) => {
    if (!isJwtTokenType(params.tokenType) || !isJwtEditorAction(params.action)) throw notFound();
  },
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(jwtCustomizerQueries.detail(context.api, params.tenantId, params.tokenType as JwtTokenType)),
  component: function JwtEditorRoute() {
    const { tokenType, action } = Route.useParams();
    return <JwtEditorPage tokenType={tokenType as JwtTokenType} action={action as JwtEditorAction} />;
  },
});
