import { expect, test, vi } from 'vitest';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { loadSignedInRoutes, preloadMatchedRouteCode } from '#src/app/router.ts';
import { sampleTenant } from '../support/samples.ts';
import { createTestConsole } from '../support/console.tsx';

test("a cold load starts loading the code of every route its URL matches, down to the page's", async () => {
  const { router } = createTestConsole('/acme/api-resources?page=2', { edition: 'cloud', tenants: [sampleTenant('acme')], roles: ['acme:admin'] });
  const loadRouteChunk = vi.spyOn(router, 'loadRouteChunk');
  preloadMatchedRouteCode(router);
  expect(loadRouteChunk.mock.calls.map(([route]) => route.id)).toEqual(['__root__', '/_console', '/_console/$tenantId', '/_console/$tenantId/api-resources/']);
  await Promise.all(loadRouteChunk.mock.results.map((result) => result.value));
});

test("once signed in, the page's first request starts before the router renders", async () => {
  const listApplications = vi.fn(async () => ({ items: [], total: 0 }));
  const { router } = createTestConsole('/acme/applications', {
    edition: 'cloud',
    tenants: [],
    roles: ['acme:admin'],
    api: (client) => ({ applications: { ...createApplicationsApi(client.tenant), listApplications } }),
  });
  await loadSignedInRoutes(router, [sampleTenant('acme')]);
  expect(listApplications).toHaveBeenCalledWith('acme', { page: 1, pageSize: 20, isThirdParty: false, type: undefined });
  expect(router.state.location.pathname).toBe('/acme/applications'); // the tenant's page, not the redirect of someone without tenants
});
