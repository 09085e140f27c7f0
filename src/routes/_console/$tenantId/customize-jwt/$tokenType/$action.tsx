import { createFileRoute, notFound } from '@tanstack/react-router';
import type { JwtTokenType } from '#schemas/jwt-customizer.ts';
import { jwtCustomizerQueries } from '#src/data/jwt-customizer.ts';
import { JwtEditorPage } from '#src/pages/customize-jwt/editor/JwtEditorPage.tsx';
import type { JwtEditorAction } from '#src/pages/customize-jwt/token-types.ts';

// The values of customize-jwt.md §0 written here: the check below loads with the first screen, the schemas must not.
const tokenTypes: readonly string[] = ['access-token', 'client-credentials'] satisfies JwtTokenType[];
const actions: readonly string[] = ['create', 'edit'] satisfies JwtEditorAction[];

export const Route = createFileRoute('/_console/$tenantId/customize-jwt/$tokenType/$action')({
  // A token type or an action outside customize-jwt.md §0 is not found.
  beforeLoad: ({ params }) => {
    if (!tokenTypes.includes(params.tokenType) || !actions.includes(params.action)) throw notFound();
  },
  loader: ({ context, params }) => void context.queryClient.prefetchQuery(jwtCustomizerQueries.detail(context.api, params.tenantId, params.tokenType as JwtTokenType)),
  component: function JwtEditorRoute() {
    const { tokenType, action } = Route.useParams();
    return <JwtEditorPage tokenType={tokenType as JwtTokenType} action={action as JwtEditorAction} />;
  },
});
