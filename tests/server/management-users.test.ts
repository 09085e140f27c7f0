import { describeManagementResource } from './contract/management-resource.ts';
import { insertRoles, insertUsers, userRoleRows, userRows } from './idp-rows.ts';

describeManagementResource({
  name: 'users',
  collection: async (api) => `${api.base}/users`,
  create: (n) => ({ username: `shopper_${n}`, primaryEmail: `shopper-${n}@example.com`, name: `Shopper ${n}` }),
  search: (n) => `Shopper-${n}@`,
  invalid: { body: { primaryEmail: 'not an e-mail' }, path: 'primaryEmail' },
  patch: { name: 'Changed' },
  rows: userRows,
});

/** The roles a user's role collection is made of, by the collection's URL: made in the database. */
const assignable = new Map<string, string[]>();

describeManagementResource({
  name: 'user roles',
  collection: async (api) => {
    const [userId] = await insertUsers(api.server, api.tenantId, [`holder_${api.tenantId}`]);
    const collection = `${api.base}/users/${userId}/roles`;
    assignable.set(collection, await insertRoles(api.server, api.tenantId, 'User', Array.from({ length: 12 }, (_, n) => `Editor ${n}`)));
    return collection;
  },
  create: (n, collection) => ({ roleIds: [assignable.get(collection)![n]] }),
  search: (n) => `editor ${n}`,
  invalid: { body: { roleIds: [] }, path: 'roleIds' },
  itemGet: false,
  rows: userRoleRows,
});
