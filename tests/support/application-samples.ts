import type { Application, ApplicationSecret } from '#schemas/application.ts';
import type { Role } from '#schemas/role.ts';

/** An application as the management API returns it, for stories and UI tests. */
export const sampleApplication = (id: string, overrides: Partial<Application> = {}): Application => ({
  id,
  name: `App ${id}`,
  description: null,
  type: 'SPA',
  oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] },
  customClientMetadata: {},
  customData: {},
  isThirdParty: false,
  createdAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});

export const sampleSecret = (name: string, overrides: Partial<ApplicationSecret> = {}): ApplicationSecret => ({
  name,
  valueHint: 'abcd',
  createdAt: '2026-11-20T00:00:00.000Z',
  expiresAt: null,
  ...overrides,
});

export const sampleRole = (id: string, overrides: Partial<Role> = {}): Role => ({
  id,
  name: `role ${id}`,
  description: `Role ${id}`,
  type: 'MachineToMachine',
  isDefault: false,
  createdAt: '2026-11-20T00:00:00.000Z',
  ...overrides,
});
