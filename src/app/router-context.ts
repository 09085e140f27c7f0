import type { QueryClient } from '@tanstack/react-query';
import type { Tenant } from '#schemas/tenant.ts';
import type { ApiClient } from '../api/client.ts';
import type { RuntimeConfig } from '../config.ts';
import type { PreferencesStore } from '../preferences/store.ts';

/** What every route's beforeLoad and loader can use. */
export type RouterContext = {
  config: RuntimeConfig;
  api: ApiClient;
  /** Server data: loaders ensure it, components read the same queries (src/data). */
  queryClient: QueryClient;
  preferences: PreferencesStore;
  /** The signed-in user's tenants, from the session. */
  tenants: Tenant[];
  /** The `organization_roles` claim of the ID token (`{tenantId}:{role}`). */
  organizationRoles: () => Promise<string[]>;
  /** The signed-in user's id (the ID token's subject). */
  userId: () => Promise<string>;
};
