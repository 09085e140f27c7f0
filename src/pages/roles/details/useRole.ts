import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { roleQueries } from '#src/data/roles.ts';

/** The role of the details page; its layout shows the tabs only once it is loaded. */
export function useRole() {
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId, id } = useParams({ from: '/_console/$tenantId/roles/$id' });
  return { tenantId, role: useSuspenseQuery(roleQueries.detail(api, tenantId, id)).data };
}
