import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminConsoleConfigGuard } from '#schemas/admin-console-config.ts';
import { organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { tenantConfigs, tenantMembers, tenants } from '#server/db/schema.ts';
import { createTenant } from './billing-support.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

let server: TestServer;
let admin: TestUser;
let tenantId: string;
let token: string;

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await signUpUser(server, 'configured');
  tenantId = (await createTenant(server, admin, { name: 'Configured' })).id;
  token = await admin.session.organizationToken(organizationIdOf(tenantId));
});
afterAll(() => server?.close());

const configUrl = (id = tenantId) => `${server.url}/m/${id}/api/configs/admin-console`;
const stored = async () => server.db.select().from(tenantConfigs).where(eq(tenantConfigs.tenantId, tenantId));

describe('GET and PATCH /m/{tenantId}/api/configs/admin-console', () => {
  test('answers the defaults; a PATCH replaces the given keys and answers the whole config', async () => {
    const initial = await call(configUrl(), token, 'GET');
    expect(initial.status).toBe(200);
    expect(await initial.json()).toEqual({ signInExperienceCustomized: false, organizationCreated: false });

    const notification = { isPaidTenant: false, tag: 'development', readAt: 1_790_000_000_000 };
    const patched = await call(configUrl(), token, 'PATCH', { developmentTenantMigrationNotification: notification });
    expect(patched.status).toBe(200);
    const config = adminConsoleConfigGuard.parse(await patched.json());
    expect(config).toEqual({ signInExperienceCustomized: false, organizationCreated: false, developmentTenantMigrationNotification: notification });
    expect(await (await call(configUrl(), token, 'GET')).json()).toEqual(config);
    await call(configUrl(), token, 'PATCH', { organizationCreated: true });
    expect(await (await call(configUrl(), token, 'GET')).json()).toEqual({ ...config, organizationCreated: true });
  });

  test.each([
    ['malformed JSON', '{', 'guard.invalid_json'],
    ['an unknown key', { theme: 'dark' }, 'guard.invalid_input'],
    ['readAt that is not a number', { developmentTenantMigrationNotification: { isPaidTenant: false, tag: 'development', readAt: 'now' } }, 'guard.invalid_input'],
    ['a notification without its tag', { developmentTenantMigrationNotification: { isPaidTenant: false, readAt: 1 } }, 'guard.invalid_input'],
  ])('%s is a 400 and changes nothing', async (_case, body, code) => {
    const before = await stored();
    await expectError(await call(configUrl(), token, 'PATCH', body), 400, code);
    expect(await stored()).toEqual(before);
  });

  test('no token or a cloud-API token: 401; another tenant: 404; a collaborator may read and write', async () => {
    await expectError(await call(configUrl(), undefined, 'GET'), 401, 'auth.authorization_header_missing');
    await expectError(await call(configUrl(), await admin.cloudToken(), 'GET'), 401, 'auth.unauthorized');
    const stranger = await signUpUser(server, 'configstranger');
    const strangerTenant = await createTenant(server, stranger, { name: 'Other' });
    // The token of tenant A does not open tenant B, and a non-member gets no token for A at all.
    await expectError(await call(configUrl(strangerTenant.id), token, 'GET'), 401, 'auth.unauthorized');
    const collaborator = await signUpUser(server, 'configcollab');
    await server.db.insert(tenantMembers).values({ tenantId, userId: collaborator.id, role: 'collaborator' });
    const collaboratorToken = await collaborator.session.organizationToken(organizationIdOf(tenantId));
    expect((await call(configUrl(), collaboratorToken, 'PATCH', { signInExperienceCustomized: true })).status).toBe(200);
    await server.db.delete(tenantMembers).where(eq(tenantMembers.userId, collaborator.id));
    await expectError(await call(configUrl(), collaboratorToken, 'GET'), 404, 'tenant.not_found');
  });

  test('a suspended tenant answers 403 tenant.suspended on its management API', async () => {
    await server.db.update(tenants).set({ isSuspended: true }).where(eq(tenants.id, tenantId));
    await expectError(await call(configUrl(), token, 'GET'), 403, 'tenant.suspended');
    await server.db.update(tenants).set({ isSuspended: false }).where(eq(tenants.id, tenantId));
    expect((await call(configUrl(), token, 'GET')).status).toBe(200);
  });

  test('unknown management routes are JSON 404s', async () => {
    await expectError(await call(`${server.url}/m/${tenantId}/api/no-such-things`, token, 'GET'), 404, 'route.not_found');
  });
});

describe('self-hosted', () => {
  test('GET and PATCH /api/configs/admin-console with the default tenant management token', async () => {
    const selfHosted = await startTestServer('self-hosted');
    try {
      const owner = await signUpUser(selfHosted, 'selfadmin');
      const managementToken = await owner.session.accessToken(resourceIndicators.management('default'));
      const url = `${selfHosted.url}/api/configs/admin-console`;
      expect(await (await call(url, managementToken, 'GET')).json()).toEqual({ signInExperienceCustomized: false, organizationCreated: false });
      expect((await call(url, managementToken, 'PATCH', { organizationCreated: true })).status).toBe(200);
      expect(await (await call(url, managementToken, 'GET')).json()).toMatchObject({ organizationCreated: true });
      await expectError(await call(url, await owner.cloudToken(), 'GET'), 401, 'auth.unauthorized');
      await expectError(await call(`${selfHosted.url}/api/skus`, await owner.cloudToken(), 'GET'), 404, 'route.not_found');
    } finally {
      await selfHosted.close();
    }
  });
});
