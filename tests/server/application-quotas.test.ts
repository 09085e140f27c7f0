// PostgreSQL pass: concurrent creates meet the quota's locked transaction on several connections
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { subscriptionUsageGuard } from '#schemas/billing.ts';
import { defaultTenantId, organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { exceededQuotaKeys, planIds, quotaExceededMessage } from '#schemas/quota.ts';
import { tenants } from '#server/db/schema.ts';
import { createTenant } from './billing-support.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { applicationRows, createApplication, secretRows } from './idp-rows.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

describe('application quotas', () => {
  let server: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    server = await startTestServer('cloud');
    user = await signUpUser(server, 'appquota');
  });
  afterAll(() => server?.close());

  test('the free plan: one machine-to-machine app and no third-party app, checked under concurrent creates', async () => {
    const free = await openTenant(server, user, planIds.free);
    const statuses = await Promise.all(
      Array.from({ length: 4 }, async (_, n) => (await call(`${free.base}/applications`, free.token, 'POST', { name: `Job ${n}`, type: 'MachineToMachine' })).status),
    );
    expect(statuses.sort()).toEqual([201, 403, 403, 403]);
    const refused = await call(`${free.base}/applications`, free.token, 'POST', { name: 'Job', type: 'MachineToMachine' });
    expect((await expectError(refused, 403, 'subscription.quota_exceeded')).message).toBe(quotaExceededMessage({ machineToMachineLimit: 1 }));
    const partner = await call(`${free.base}/applications`, free.token, 'POST', { name: 'Partner', type: 'SPA', isThirdParty: true });
    expect((await expectError(partner, 403, 'subscription.quota_exceeded')).message).toBe(quotaExceededMessage({ thirdPartyApplicationsLimit: 0 }));
    expect((await applicationRows(server, free.tenantId)).map((app) => app.type)).toEqual(['MachineToMachine']);
    expect((await secretRows(server, free.tenantId)).length).toBe(1);
  });

  test('applications count in the subscription usage, and a downgrade beyond the free quota is refused', async () => {
    const tenantId = (await createTenant(server, user, { name: 'Paid apps', tag: 'production' })).id;
    await server.db.update(tenants).set({ planId: planIds.pro202411 }).where(eq(tenants.id, tenantId));
    const paid: ManagementApi = { server, tenantId, base: `${server.url}/m/${tenantId}/api`, token: await user.session.organizationToken(organizationIdOf(tenantId)) };
    for (const n of [1, 2]) await createApplication(paid, { name: `Job ${n}`, type: 'MachineToMachine' });
    await createApplication(paid, { name: 'Partner', type: 'Traditional', isThirdParty: true });
    const cloudToken = await user.cloudToken();
    const usage = subscriptionUsageGuard.parse(await (await call(`${server.url}/api/tenants/${tenantId}/subscription-usage`, cloudToken, 'GET')).json());
    expect(usage.usage).toMatchObject({ applicationsLimit: 3, machineToMachineLimit: 2, thirdPartyApplicationsLimit: 1 });
    const refused = await expectError(await call(`${server.url}/api/tenants/${tenantId}/subscription`, cloudToken, 'DELETE'), 403, 'subscription.quota_exceeded');
    expect(exceededQuotaKeys(refused.message)?.sort()).toEqual(['machineToMachineLimit', 'thirdPartyApplicationsLimit']);
  });

  test('self-hosted: no quotas', async () => {
    const selfHosted = await startTestServer('self-hosted');
    try {
      const owner = await signUpUser(selfHosted, 'selfapps');
      const token = await owner.session.accessToken(resourceIndicators.management(defaultTenantId));
      const api: ManagementApi = { server: selfHosted, tenantId: defaultTenantId, base: `${selfHosted.url}/api`, token };
      for (const n of [1, 2, 3, 4]) await createApplication(api, { name: `Job ${n}`, type: 'MachineToMachine' });
      await createApplication(api, { name: 'Partner', type: 'Native', isThirdParty: true });
      expect((await applicationRows(selfHosted, defaultTenantId)).length).toBe(5);
    } finally {
      await selfHosted.close();
    }
  });
});
