import { expect, test, vi } from 'vitest';
import { QueryObserver, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { createQueryClient } from '#src/data/client.ts';
import { runMutation } from '#src/data/run-mutation.ts';
import { applicationQueries } from '#src/data/applications.ts';
import { refreshAfterWrite } from '#src/data/mutation.ts';
import { roleQueries } from '#src/data/roles.ts';
import type { ApiClient } from '#src/api/client.ts';
import { tenantKeys, userKeys } from '#src/data/keys.ts';
import { createPreferencesStore } from '#src/preferences/store.ts';
import type { Me } from '#schemas/user.ts';

const sampleMe: Me = { id: 'u1', username: 'ada', primaryEmail: null, primaryPhone: null, name: null, avatar: null, hasPassword: true, identities: {}, customData: {} };

/** Watches each key (so that it is on screen) with a query that counts its fetches. */
async function watch(queryClient: QueryClient, keys: Record<string, QueryKey>) {
  const fetches: Record<string, number> = {};
  await Promise.all(
    Object.entries(keys).map(([name, queryKey]) => {
      fetches[name] = 0;
      const observer = new QueryObserver(queryClient, { queryKey, queryFn: async () => ++fetches[name]!, staleTime: Infinity });
      observer.subscribe(() => {});
      return observer.refetch();
    }),
  );
  for (const name of Object.keys(fetches)) fetches[name] = 0;
  return fetches;
}

const onScreen = {
  tenants: userKeys.tenants,
  subscription: tenantKeys.detail('acme', 'subscription'),
  usage: tenantKeys.detail('acme', 'usage'),
  members: tenantKeys.list('acme', 'members'),
  otherMembers: tenantKeys.list('sandbox', 'members'),
  profile: userKeys.profile,
};

test('keys: a tenant, an entity, list or detail, then the arguments; user keys apart', () => {
  expect(tenantKeys.list('acme', 'members', { page: 2 })).toEqual(['tenant', 'acme', 'members', 'list', { page: 2 }]);
  expect(tenantKeys.detail('acme', 'subscription')).toEqual(['tenant', 'acme', 'subscription', 'detail', {}]);
  expect(tenantKeys.entity('acme', 'invitations')).toEqual(['tenant', 'acme', 'invitations']);
  expect(userKeys.tenants).toEqual(['user', 'tenants']);
});

test("invalidating an entity refetches its lists and details in that tenant only", async () => {
  const queryClient = createQueryClient('cloud');
  const fetches = await watch(queryClient, {
    list: tenantKeys.list('acme', 'members', { page: 1 }),
    detail: tenantKeys.detail('acme', 'members', { id: 'u1' }),
    invitations: tenantKeys.list('acme', 'invitations'),
    otherTenant: tenantKeys.list('sandbox', 'members', { page: 1 }),
  });
  await queryClient.invalidateQueries({ queryKey: tenantKeys.entity('acme', 'members') });
  expect(fetches).toEqual({ list: 1, detail: 1, invitations: 0, otherTenant: 0 });
});

test("a write on one side of a link refetches the other side on screen too: an app's roles, the role's apps and the roles list", async () => {
  const queryClient = createQueryClient('self-hosted');
  // The factories only make keys here: the watch fetches.
  const api = {} as ApiClient;
  const page = { page: 1, pageSize: 20 };
  const fetches = await watch(queryClient, {
    applicationRoles: applicationQueries.roles(api, 'acme', 'nightly', page).queryKey,
    roleApplications: roleQueries.applications(api, 'acme', 'sync', page).queryKey,
    roleList: roleQueries.list(api, 'acme', page).queryKey,
    members: tenantKeys.list('acme', 'members'),
    otherTenantRoles: roleQueries.list(api, 'sandbox', page).queryKey,
  });
  // Assigning a role from the app's roles tab is a write to the app (useAssignRoles).
  await refreshAfterWrite(queryClient, 'acme', 'applications');
  expect(fetches).toEqual({ applicationRoles: 1, roleApplications: 1, roleList: 1, members: 0, otherTenantRoles: 0 });
});

test('cloud: a successful write refetches the usage and quota on screen once (spec 01 §7)', async () => {
  const queryClient = createQueryClient('cloud');
  const fetches = await watch(queryClient, onScreen);
  await runMutation(queryClient, async () => {});
  await vi.waitFor(() => expect(queryClient.isFetching()).toBe(0));
  expect(fetches).toEqual({ tenants: 1, subscription: 1, usage: 1, members: 0, otherMembers: 0, profile: 0 });
});

test('a failed write, and any write in self-hosted, refetch nothing', async () => {
  const cloud = createQueryClient('cloud');
  const cloudFetches = await watch(cloud, onScreen);
  await expect(runMutation(cloud, async () => Promise.reject(new Error('Broken.')))).rejects.toThrow('Broken.');
  expect(cloud.isFetching()).toBe(0);
  expect(Object.values(cloudFetches).every((count) => count === 0)).toBe(true);

  const selfHosted = createQueryClient('self-hosted');
  const selfHostedFetches = await watch(selfHosted, onScreen);
  await runMutation(selfHosted, async () => {});
  expect(selfHosted.isFetching()).toBe(0);
  expect(Object.values(selfHostedFetches).every((count) => count === 0)).toBe(true);
});

test('reads are not retried by the query client: the request client already retries them', async () => {
  const queryClient = createQueryClient('cloud');
  let attempts = 0;
  const observer = new QueryObserver(queryClient, {
    queryKey: tenantKeys.list('acme', 'members'),
    queryFn: async () => Promise.reject(new Error(`attempt ${++attempts}`)),
  });
  const result = await observer.refetch();
  expect(result.error?.message).toBe('attempt 1');
  expect(attempts).toBe(1);
});

test('the preferences store reads and writes the profile query: a refetch elsewhere reaches its subscribers', async () => {
  const queryClient = createQueryClient('cloud');
  const me = (name: string): Me => ({ ...sampleMe, name });
  let answer = me('Ada');
  const store = createPreferencesStore({ me: { get: async () => answer, patchCustomData: async (patch) => patch } }, queryClient);
  expect((await store.load()).me?.name).toBe('Ada');
  expect(queryClient.getQueryData(userKeys.profile)).toEqual(me('Ada'));
  const names: (string | null | undefined)[] = [];
  const stop = store.subscribe(() => names.push(store.getSnapshot().me?.name));
  answer = me('Grace');
  await store.reload();
  await vi.waitFor(() => expect(names.at(-1)).toBe('Grace'));
  store.replaceMe(me('Lin'));
  expect(queryClient.getQueryData(userKeys.profile)).toEqual(me('Lin'));
  await vi.waitFor(() => expect(names.at(-1)).toBe('Lin'));
  stop();
});
