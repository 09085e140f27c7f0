import * as z from 'zod/mini';
import { roleGuard, type Role } from '#schemas/role.ts';
import type { ListQuery } from '#schemas/paging.ts';
import type { ListRequester, Page } from '../client.ts';
import { applicationPath } from './applications.ts';

const pageOfRoles = (page: Page<unknown>): Page<Role> => ({ items: z.array(roleGuard).parse(page.items), total: page.total });

/** The machine-to-machine roles of a machine-to-machine app (applications.md §7). */
export const createApplicationRolesApi = (tenant: (tenantId: string) => ListRequester) => ({
  listApplicationRoles: async (tenantId: string, id: string, { page, pageSize, q }: ListQuery): Promise<Page<Role>> =>
    pageOfRoles(await tenant(tenantId).getPage(`${applicationPath(id)}/roles`, { page, pageSize, query: q ? { q } : {} })),
  /** GET /roles of type MachineToMachine that the app does not have yet. */
  listAssignableRoles: async (tenantId: string, id: string, { page, pageSize, q }: ListQuery): Promise<Page<Role>> =>
    pageOfRoles(
      await tenant(tenantId).getPage('/api/roles', { page, pageSize, query: { type: 'MachineToMachine', excludeApplicationId: id, ...(q ? { q } : {}) } }),
    ),
  /** POST …/roles: 422 `application.invalid_role_type` for a User role. */
  assignRoles: async (tenantId: string, id: string, roleIds: string[]): Promise<void> => {
    await tenant(tenantId).request('POST', `${applicationPath(id)}/roles`, { body: { roleIds } });
  },
  removeRole: async (tenantId: string, id: string, roleId: string): Promise<void> => {
    await tenant(tenantId).request('DELETE', `${applicationPath(id)}/roles/${encodeURIComponent(roleId)}`);
  },
});
export type ApplicationRolesApi = ReturnType<typeof createApplicationRolesApi>;
