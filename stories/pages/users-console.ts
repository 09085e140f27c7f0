import type { Meta } from '@storybook/react-vite';
import type { TenantTag } from '#schemas/constants.ts';
import type { Role, RoleListItem } from '#schemas/role.ts';
import type { MfaVerification, TenantUser } from '#schemas/tenant-user.ts';
import type { ApiClient } from '#src/api/client.ts';
import type { ApiError } from '#src/api/errors.ts';
import { createRolesApi } from '#src/api/management/roles.ts';
import { createUsersApi, type UserIdentities, type UserOrganization } from '#src/api/management/users.ts';
import { sampleRole } from '#tests/support/role-samples.ts';
import { listItemOf, sampleFactors, sampleIdentities, sampleOrganization, sampleUser, withPassword } from '#tests/support/user-samples.ts';
import { answer, byId, notFound, pageOf, renderConsole, type Answer } from '../support/fake-api.ts';

export const ann = sampleUser('ann', {
  name: 'Ann Lee',
  primaryEmail: 'ann@example.com',
  username: 'ann_1',
  applicationId: 'shop',
  lastSignInAt: '2026-11-26T14:05:00.000Z',
  customData: { plan: 'gold' },
  profile: { givenName: 'Ann', familyName: 'Lee', address: { country: 'NZ' } },
});
export const bob = sampleUser('bob', { primaryEmail: 'bob@example.com', isSuspended: true, hasPassword: false });
export const cat = sampleUser('cat', { primaryEmail: null, primaryPhone: '64211234567', applicationId: 'gone' });
const reader = sampleRole('reader', { name: 'Order reader', description: 'Reads orders' });
export const writer = sampleRole('writer', { name: 'Order writer', description: 'Creates and changes orders' });

export type Args = {
  path: string;
  /** Acme's tag; production unless a story says otherwise. */
  tenantTag?: TenantTag;
  users: Answer<TenantUser[]>;
  /** Total-Number of the list, when it has more pages than shown; `capped` when the server stopped counting. */
  total?: number;
  capped?: boolean;
  factors: Answer<MfaVerification[]>;
  identities: Answer<UserIdentities>;
  /** The user's roles. */
  userRoles: Answer<Role[]>;
  /** The User roles of the tenant, for the pickers. */
  roles: Answer<RoleListItem[]>;
  organizations: Answer<UserOrganization[]>;
  /** POST /users fails with this. */
  createError?: ApiError;
};

const fakeUsers = (args: Args) => (client: ApiClient): Partial<ApiClient> => ({
  users: {
    ...createUsersApi(client.tenant),
    listUsers: async (_tenantId, { q, isSuspended, sort }) => {
      const page = await pageOf(args.users, args.total, args.capped);
      const signedIn = (user: TenantUser) => user.lastSignInAt ?? '';
      const items = page.items
        .filter((user) => isSuspended === undefined || user.isSuspended === isSuspended)
        .filter((user) => !q || JSON.stringify(user).includes(q))
        .toSorted((a, b) => (sort === 'lastSignInAt' ? signedIn(b).localeCompare(signedIn(a)) : 0))
        .map(listItemOf);
      return { ...page, items };
    },
    getUser: async (_tenantId, id) => byId(args.users, id),
    createUser: async (_tenantId, body) => {
      if (args.createError) throw args.createError;
      return withPassword(sampleUser('new', { primaryEmail: null, ...body }));
    },
    generatePassword: async (_tenantId, id) => withPassword(sampleUser(id, { primaryEmail: 'ann@example.com' })),
    listMfaVerifications: async () => answer(args.factors),
    getIdentities: async () => answer(args.identities),
    listUserRoles: async () => pageOf(args.userRoles),
    listAssignableRoles: async () => pageOf(args.roles),
    listOrganizations: async () => answer(args.organizations),
    getApplicationName: async (_tenantId, id) => {
      if (id !== 'shop') throw notFound();
      return 'Shop';
    },
  },
  roles: { ...createRolesApi(client.tenant), listRoles: async () => pageOf(args.roles) },
});

/** Users inside the real console routes, with the management API faked per story; the toolbar picks the edition. */
export const usersMeta: Meta<Args> = {
  render: (args, { globals }) => renderConsole(args.path, globals, fakeUsers(args), { tag: args.tenantTag }),
  args: {
    path: '/acme/users',
    users: [ann, bob, cat],
    factors: sampleFactors,
    identities: sampleIdentities,
    userRoles: [reader],
    roles: [reader, writer],
    organizations: [sampleOrganization('org-1', 'Acme Inc.', ['admin', 'member']), sampleOrganization('org-2', 'Side project')],
  },
};
