import type { Resource, Scope } from '#schemas/resource.ts';

/** The tenant's built-in management API as the management API returns it, for stories and UI tests. */
export const sampleManagementApi = (tenantId = 'acme'): Resource => ({
  id: 'management-api',
  name: 'Gatehouse Management API',
  indicator: `urn:gatehouse:api:management:${tenantId}`,
  isDefault: false,
  accessTokenTtl: 3600,
  isBuiltIn: true,
  createdAt: '2026-11-01T00:00:00.000Z',
});

/** An API resource of the tenant's own. */
export const sampleResource = (id: string, overrides: Partial<Resource> = {}): Resource => ({
  id,
  name: `API ${id}`,
  indicator: `https://${id}.example.test`,
  isDefault: false,
  accessTokenTtl: 3600,
  isBuiltIn: false,
  createdAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});

export const sampleScope = (resourceId: string, name: string, description: string | null = null): Scope => ({
  id: `${resourceId}-${name.replace(/\W/g, '-')}`,
  resourceId,
  name,
  description,
  createdAt: '2026-11-20T00:00:00.000Z',
});
