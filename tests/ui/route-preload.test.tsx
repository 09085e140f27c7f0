import { expect, test, vi } from 'vitest';
import { preloadMatchedRouteCode } from '../../src/app/router.ts';
import { sampleTenant } from '../support/samples.ts';
import { createTestConsole } from '../support/console.tsx';

test("a cold load starts loading the code of every route its URL matches, down to the page's", async () => {
  const { router } = createTestConsole('/acme/api-resources?page=2', { edition: 'cloud', tenants: [sampleTenant('acme')], roles: ['acme:admin'] });
  const loadRouteChunk = vi.spyOn(router, 'loadRouteChunk');
  preloadMatchedRouteCode(router);
  expect(loadRouteChunk.mock.calls.map(([route]) => route.id)).toEqual(['__root__', '/_console', '/_console/$tenantId', '/_console/$tenantId/api-resources/']);
  await Promise.all(loadRouteChunk.mock.results.map((result) => result.value));
});
