import { useSuspenseQuery } from '@tanstack/react-query';
import { useParams, useRouteContext } from '@tanstack/react-router';
import { applicationQueries } from '#src/data/applications.ts';

/** The app of the details page; its layout shows the tabs only once it is loaded. */
export function useApplication() {
  const { api } = useRouteContext({ from: '__root__' });
  const { tenantId, id } = useParams({ from: '/_console/$tenantId/applications/$id' });
  return { tenantId, application: useSuspenseQuery(applicationQueries.detail(api, tenantId, id)).data };
}
