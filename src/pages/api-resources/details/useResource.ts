import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { resourceQueries } from '#src/data/resources.ts';

/** The API resource of the details page; its layout shows the tabs only once it is loaded. */
export function useResource() {
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId, id } = useParams({ from: '/_console/$tenantId/api-resources/$id' });
  return { tenantId, resource: useSuspenseQuery(resourceQueries.detail(api, tenantId, id)).data };
}
