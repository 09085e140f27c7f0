import type { Meta } from '@storybook/react-vite';
import type { Application } from '#schemas/application.ts';
import type { SubscriptionUsage } from '#schemas/billing.ts';
import type { AdminPreferences } from '#schemas/preferences.ts';
import type { RoleListItem, RoleScope } from '#schemas/role.ts';
import type { TenantUserListItem } from '#schemas/tenant-user.ts';
import type { ApiClient } from '#src/api/client.ts';
import { createApplicationsApi } from '#src/api/management/applications.ts';
import { createResourcesApi, type ResourceWithScopes } from '#src/api/management/resources.ts';
import { createRolesApi, type RoleUserRow } from '#src/api/management/roles.ts';
import { createUsersApi } from '#src/api/management/users.ts';
import { sampleUsage } from '#tests/support/billing-samples.ts';
import { sampleManagementApi, sampleResource, sampleScope } from '#tests/support/resource-samples.ts';
import { sampleMachineApp, sampleRole, withScopes } from '#tests/support/role-samples.ts';
import { listItemOf, sampleUser } from '#tests/support/user-samples.ts';
import { ApiError } from '#src/api/errors.ts';
import { byId, pageOf, quotaExceeded, renderConsole, type Answer } from '../support/fake-api.ts';
import { billingApi } from '#src/api/billing.ts';

export const ordersApi = sampleResource('orders', { name: 'Orders API', indicator: 'https://orders.example.test' });
export const readOrders = sampleScope('orders', 'read:orders', 'Read orders');
const writeOrders = sampleScope('orders', 'write:orders', 'Create and change orders');
const manageAll = sampleScope('management-api', 'all', 'All management API permissions');
const pickerResources = [withScopes(sampleManagementApi(), [manageAll]), withScopes(ordersApi, [readOrders, writeOrders])];

const reader = sampleRole('reader', { name: 'Order reader', description: 'Reads orders', isDefault: true, usersCount: 12 });
const sync = sampleRole('sync', { name: 'Order sync', description: 'Backend that syncs orders', type: 'MachineToMachine', applicationsCount: 1 });
export const nightly = sampleMachineApp('nightly', { name: 'Nightly export', description: 'Exports orders every night' });
export const billingBot = sampleMachineApp('billing-bot', { name: 'Billing bot' });
const ann = listItemOf(sampleUser('ann', { name: 'Ann Lee', primaryEmail: 'ann@example.com', lastSignInAt: '2026-11-26T14:05:00.000Z' }));
const bob = listItemOf(sampleUser('bob', { primaryEmail: 'bob@example.com', isSuspended: true }));

export type Args = {
  path: string;
  roles: Answer<RoleListItem[]>;
  /** The role's permissions. */
  scopes: Answer<RoleScope[]>;
  /** The role's machine-to-machine apps. */
  applications: Answer<Application[]>;
  /** The machine-to-machine apps without the role. */
  candidates: Answer<Application[]>;
  /** The role's users. */
  users: Answer<RoleUserRow[]>;
  /** The users without the role. */
  userCandidates: Answer<TenantUserListItem[]>;
  /** API resources with their permissions, for the picker. */
  resources: Answer<ResourceWithScopes[]>;
  /** Total-Number of the role list, when it has more pages than shown. */
  total?: number;
  /** The tenant's usage (cloud). */
  usage: SubscriptionUsage;
  /** POST /roles answers the free plan's quota error. */
  quotaExceeded?: boolean;
  /** The console user's saved preferences. */
  preferences?: Partial<AdminPreferences>;
};

const fakeRoles = (args: Args) => (client: ApiClient): Partial<ApiClient> => ({
  roles: {
    ...createRolesApi(client.tenant),
    listRoles: async (_tenantId, { type }) => {
      const page = await pageOf(args.roles, args.total);
      return type ? { items: page.items.filter((role) => role.type === type), total: page.total } : page;
    },
    getRole: async (_tenantId, id) => byId(args.roles, id),
    createRole: async (_tenantId, body) => {
      if (args.quotaExceeded) throw quotaExceeded({ userRolesLimit: 1 });
      // As the server: a role's name is unique in the tenant.
      if (Array.isArray(args.roles) && args.roles.some((role) => role.name === body.name)) {
        throw new ApiError('in use', 422, { code: 'role.name_in_use', message: 'in use' });
      }
      return sampleRole('new', { type: 'User', ...body });
    },
    listRoleScopes: async () => pageOf(args.scopes),
    listRoleApplications: async () => pageOf(args.applications),
    listRoleUsers: async () => pageOf(args.users),
  },
  users: { ...createUsersApi(client.tenant), listUsers: async () => pageOf(args.userCandidates) },
  applications: {
    ...createApplicationsApi(client.tenant),
    // Without excludeRoleId: every machine-to-machine app, those with the role too.
    listApplications: async (_tenantId, { excludeRoleId }) =>
      pageOf(excludeRoleId || !Array.isArray(args.candidates) || !Array.isArray(args.applications) ? args.candidates : [...args.candidates, ...args.applications]),
  },
  resources: { ...createResourcesApi(client.tenant), listResourcesWithScopes: async () => pageOf(args.resources) },
  billing: { ...billingApi(client), getSubscriptionUsage: async () => args.usage },
});

/** Roles inside the real console routes, with the management API faked per story; the toolbar picks the edition. */
export const rolesMeta: Meta<Args> = {
  render: (args, { globals }) => renderConsole(args.path, globals, fakeRoles(args), { preferences: args.preferences }),
  args: {
    path: '/acme/roles',
    roles: [reader, sync],
    scopes: [],
    applications: [],
    candidates: [nightly, billingBot],
    users: [ann, bob],
    userCandidates: [listItemOf(sampleUser('cat', { username: 'cat_1', primaryEmail: null }))],
    resources: pickerResources,
    usage: sampleUsage('free'),
  },
};
