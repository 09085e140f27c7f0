import { Navigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import type { JwtTokenType } from '#schemas/jwt-customizer.ts';
import { jwtCustomizerQueries } from '#src/data/jwt-customizer.ts';
import { useTenantQueries, useTenantScope } from '#src/data/tenant-scope.ts';
import { DetailQueryState } from '#src/ui/detail/DetailQueryState.tsx';
import type { JwtEditorAction } from '../token-types.ts';
import { JwtEditor } from './JwtEditor.tsx';

/**
 * `customize-jwt/{tokenType}/{action}` (customize-jwt.md §1): `create` with a saved script edits it; `edit` without
 * one goes to `create`, replacing the history entry.
 */
export function JwtEditorPage({ tokenType, action }: { tokenType: JwtTokenType; action: JwtEditorAction }) {
  const { tenantId } = useTenantScope();
  const query = useQuery(useTenantQueries(jwtCustomizerQueries).detail(tokenType));
  return (
    <DetailQueryState query={query}>
      {(saved) =>
        saved === null && action === 'edit' ? (
          <Navigate to="/$tenantId/customize-jwt/$tokenType/$action" params={{ tenantId, tokenType, action: 'create' }} replace />
        ) : (
          // A new editor once a script is made or deleted elsewhere: its baseline is the saved value.
          <JwtEditor key={`${tokenType}:${saved === null ? 'new' : 'saved'}`} tokenType={tokenType} saved={saved} />
        )
      }
    </DetailQueryState>
  );
}
