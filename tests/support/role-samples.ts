import type { Application } from '#schemas/application.ts';
import type { RoleListItem, RoleScope } from '#schemas/role.ts';
import type { ResourceWithScopes } from '#src/api/management/resources.ts';
import type { Resource, Scope } from '#schemas/resource.ts';

/** A role as GET /roles lists it, for stories and UI tests; GET /roles/{id} answers the same without the counts. */
export const sampleRole = (id: string, overrides: Partial<RoleListItem> = {}): RoleListItem => ({
  id,
  name: `Role ${id}`,
  description: `What ${id} may do`,
  type: 'User',
  isDefault: false,
  createdAt: '2026-11-20T00:00:00.000Z',
  usersCount: 0,
  applicationsCount: 0,
  ...overrides,
});

/** A permission of a role, with its API resource. */
export const sampleRoleScope = (scope: Scope, resource: Pick<Resource, 'id' | 'name' | 'indicator'>): RoleScope => ({
  ...scope,
  resource: { id: resource.id, name: resource.name, indicator: resource.indicator },
});

export const withScopes = (resource: Resource, scopes: Scope[]): ResourceWithScopes => ({ ...resource, scopes });

/** A machine-to-machine application. */
export const sampleMachineApp = (id: string, overrides: Partial<Application> = {}): Application => ({
  id,
  name: `App ${id}`,
  description: null,
  type: 'MachineToMachine',
  oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] },
  customClientMetadata: {},
  customData: {},
  isThirdParty: false,
  createdAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});
