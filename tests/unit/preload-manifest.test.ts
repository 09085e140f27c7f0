import path from 'node:path';
import { expect, it } from 'vitest';
import { routePattern } from '../../vite.preload-manifest.ts';

const route = (file: string) => routePattern(path.resolve(import.meta.dirname, '../../src/routes', file));

it('a route file with no child routes matches only its own path; a layout matches the paths below it', () => {
  expect(route('_console/$tenantId/connectors/$tab/$connectorId.tsx')).toEqual({ segments: ['$tenantId', 'connectors', '$tab', '$connectorId'], exact: true });
  expect(route('_console/$tenantId/connectors/$tab/route.tsx')).toEqual({ segments: ['$tenantId', 'connectors', '$tab'], exact: false });
  expect(route('_console/$tenantId/connectors/$tab/index.tsx')).toEqual({ segments: ['$tenantId', 'connectors', '$tab'], exact: true });
  expect(route('_console/$tenantId/api-resources/$id_/guide/$guideId.tsx')).toEqual({ segments: ['$tenantId', 'api-resources', '$id', 'guide', '$guideId'], exact: true });
});
