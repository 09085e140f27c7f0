import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { userQueries } from '#src/data/users.ts';

/** The user of the details page; its layout shows the tabs only once it is loaded. */
export function useUser() {
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId, id } = useParams({ from: '/_console/$tenantId/users/$id' });
  return { tenantId, user: useSuspenseQuery(userQueries.detail(api, tenantId, id)).data };
}
