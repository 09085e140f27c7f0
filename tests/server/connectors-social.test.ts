// PostgreSQL pass: concurrent creates meet the social connectors' quota lock
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { subscriptionUsageGuard } from '#schemas/billing.ts';
import { connectorResponseGuard } from '#schemas/connector.ts';
import { planIds, quotaExceededMessage } from '#schemas/quota.ts';
import { connectors } from '#server/db/idp.ts';
import { socialCallbackUri } from '#server/tenant/connectors/callback-uri.ts';
import { socialConnectorOf, socialConnectorsOf } from '#server/tenant/connectors/runtime.ts';
import { adminOf, connectorsApi } from './connectors-support.ts';
import { call, expectError, startTestServer, type TestServer, type TestUser } from './support.ts';

/** The social connectors' rules (connectors.md §0, §8): targets, standard connectors, the demo once, the free plan's quota. */

let server: TestServer;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await adminOf(server);
});
afterAll(() => server?.close());

const oidc = (target: string, name = target) => ({
  connectorId: 'oidc',
  metadata: { target, name: { en: name } },
  config: { issuer: 'http://127.0.0.1:9/oidc', clientId: `client-${target}`, clientSecret: `secret-of-${target}-4242` },
});
const ok = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return connectorResponseGuard.parse(await response.json());
};
const rowsOf = (tenantId: string) => server.db.select().from(connectors).where(eq(connectors.tenantId, tenantId));

describe('standard connectors', () => {
  test('any number, each with its own target; a target taken names the connector that has it; the target never changes', async () => {
    const api = await connectorsApi(server, admin);
    const tenantB = await ok(await api.send('POST', '/connectors', { ...oidc('tenant-b', 'Tenant B'), syncProfile: true }));
    expect(tenantB).toMatchObject({ type: 'Social', target: 'tenant-b', isStandard: true, syncProfile: true, name: { en: 'Tenant B' }, usedBy: [] });
    expect(tenantB.config).toMatchObject({ clientId: 'client-tenant-b', clientSecret: null });
    expect(tenantB.callbackUri).toBe(socialCallbackUri(server.config.publicUrl, api.tenantId, tenantB.id));
    expect(JSON.stringify(await rowsOf(api.tenantId))).not.toContain('secret-of-tenant-b-4242');
    await ok(await api.send('POST', '/connectors', oidc('tenant-c')));
    const clash = await expectError(await api.send('POST', '/connectors', oidc('tenant-b', 'Again')), 422, 'connector.multiple_target_with_same_platform');
    expect(clash.details).toEqual({ connectorName: 'Tenant B' });
    await expectError(await api.send('POST', '/connectors', { ...oidc('x'), metadata: { name: { en: 'No target' } } }), 400, 'connector.should_specify_target');
    await expectError(await api.send('PATCH', `/connectors/${tenantB.id}`, { metadata: { target: 'tenant-z' } }), 400, 'connector.can_not_modify_target');
    const renamed = await ok(await api.send('PATCH', `/connectors/${tenantB.id}`, { metadata: { target: 'tenant-b', name: { en: 'Tenant Bee' } }, syncProfile: false }));
    expect(renamed).toMatchObject({ target: 'tenant-b', name: { en: 'Tenant Bee' }, syncProfile: false, config: { clientSecret: null } });
    expect((await rowsOf(api.tenantId)).map((row) => row.target).toSorted()).toEqual(['tenant-b', 'tenant-c']);
    expect(await (await api.send('GET', '/connectors?target=tenant-c')).json()).toEqual([expect.objectContaining({ target: 'tenant-c' })]);
  });

  test('the runtime lists them with their own names and builds one with its opened config', async () => {
    const api = await connectorsApi(server, admin);
    const created = await ok(await api.send('POST', '/connectors', oidc('tenant-d', 'Tenant D')));
    expect(await socialConnectorsOf(server.db, api.tenantId)).toEqual([
      { id: created.id, target: 'tenant-d', platform: 'Universal', syncProfile: false, name: { en: 'Tenant D' }, logo: created.logo, logoDark: created.logoDark },
    ]);
    const social = await socialConnectorOf(server.db, api.tenantId, created.id);
    expect(social).toMatchObject({ id: created.id, target: 'tenant-d', name: { en: 'Tenant D' } });
    expect(typeof social!.connector.authorizationUri).toBe('function');
    expect(await socialConnectorOf(server.db, (await connectorsApi(server, admin)).tenantId, created.id)).toBeUndefined();
  });
});

describe('the demo social connector', () => {
  test('is added once, without metadata; its authorization URI carries the state; deleting it drops its button', async () => {
    const api = await connectorsApi(server, admin);
    await expectError(await api.send('POST', '/connectors', { connectorId: 'demo-social', metadata: { target: 'mine' } }), 400, 'connector.invalid_metadata');
    const demo = await ok(await api.send('POST', '/connectors', { connectorId: 'demo-social', syncProfile: true }));
    await expectError(await api.send('POST', '/connectors', { connectorId: 'demo-social' }), 422, 'connector.multiple_instances_not_supported');
    const redirectUri = demo.callbackUri!;
    const { redirectTo } = (await (await api.send('POST', `/connectors/${demo.id}/authorization-uri`, { state: 'state-123', redirectUri })).json()) as { redirectTo: string };
    expect(new URL(redirectTo).searchParams.get('state')).toBe('state-123');

    expect((await api.send('PATCH', '/sign-in-exp', { socialSignInConnectorTargets: ['demo', 'nobody'] })).status).toBe(200);
    expect((await (await api.send('GET', '/sign-in-exp')).json()) as { socialSignInConnectorTargets: string[] }).toMatchObject({ socialSignInConnectorTargets: ['demo'] });
    expect((await ok(await api.send('GET', `/connectors/${demo.id}`))).usedBy).toEqual(['socialSignIn']);
    expect((await api.send('DELETE', `/connectors/${demo.id}`)).status).toBe(204);
    expect((await (await api.send('GET', '/sign-in-exp')).json()) as { socialSignInConnectorTargets: string[] }).toMatchObject({ socialSignInConnectorTargets: [] });
  });
});

describe('the free plan', () => {
  test('allows 3 social connectors: the fourth is the quota error and writes nothing; e-mail and SMS do not count', async () => {
    const api = await connectorsApi(server, admin, planIds.free);
    for (const target of ['one', 'two', 'three']) await ok(await api.send('POST', '/connectors', oidc(target)));
    const before = await rowsOf(api.tenantId);
    const refused = await expectError(await api.send('POST', '/connectors', oidc('four')), 403, 'subscription.quota_exceeded');
    expect(refused.message).toBe(quotaExceededMessage({ socialConnectorsLimit: 3 }));
    expect(await rowsOf(api.tenantId)).toEqual(before);
    await ok(await api.send('POST', '/connectors', { connectorId: 'dev-mailbox', config: { senderName: 'Acme' } }));
    const usage = subscriptionUsageGuard.parse(await (await call(`${server.url}/api/tenants/${api.tenantId}/subscription-usage`, await admin.cloudToken(), 'GET')).json());
    expect(usage.usage.socialConnectorsLimit).toBe(3);
  });

  test('the quota holds under concurrent creates', async () => {
    const api = await connectorsApi(server, admin, planIds.free);
    const statuses = await Promise.all(Array.from({ length: 6 }, async (_, n) => (await api.send('POST', '/connectors', oidc(`t-${n}`))).status));
    expect(statuses.toSorted()).toEqual([200, 200, 200, 403, 403, 403]);
    expect(await rowsOf(api.tenantId)).toHaveLength(3);
  });
});
