import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allScope, defaultTenantId, organizationIdOf, resourceIndicators } from '../../schemas/constants.ts';
import { errorBodyGuard } from '../../schemas/error.ts';
import { tenantGuard } from '../../schemas/tenant.ts';
import { oidcModels, tenants } from '../../server/db/schema.ts';
import { decodeJwt, signUp, type ConsoleSession } from '../support/oidc-client.ts';
import { bearer, call, expectError, json, newAccount, startTestServer, type TestServer } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;
let admin: ConsoleSession;
let second: ConsoleSession;

beforeAll(async () => {
  server = await startTestServer('self-hosted');
  admin = await signUp(server.url, newAccount('first'), { edition: 'self-hosted' });
  second = await signUp(server.url, newAccount('second'), { edition: 'self-hosted' });
});
afterAll(() => server?.close());

const tenantsOf = async (session: ConsoleSession) =>
  z.array(tenantGuard).parse(await (await fetch(`${server.url}/api/tenants`, bearer(await session.accessToken(resourceIndicators.cloud)))).json());

describe('self-hosted edition', () => {
  test('the default tenant always exists', async () => {
    expect(await server.db.select().from(tenants)).toEqual([expect.objectContaining({ id: defaultTenantId })]);
  });

  test('the first account to sign up is the admin of the default tenant; later ones are not members', async () => {
    expect((await tenantsOf(admin)).map((tenant) => tenant.id)).toEqual([defaultTenantId]);
    expect(await tenantsOf(second)).toEqual([]);
    const claims = decodeJwt(admin.initial.id_token!);
    expect(claims.organizations).toEqual([organizationIdOf(defaultTenantId)]);
    expect(claims.organization_roles).toEqual(['default:admin']);
    expect(decodeJwt(second.initial.id_token!).organization_roles).toEqual([]);
  });

  test('the management API token of the default tenant carries "all" for its admin only', async () => {
    const management = resourceIndicators.management(defaultTenantId);
    expect(decodeJwt(await admin.accessToken(management))).toMatchObject({ aud: management, scope: allScope });
    expect(decodeJwt(await second.accessToken(management)).scope ?? '').toBe('');
  });

  test('the cloud API token has no cloud scopes and tenants cannot be created', async () => {
    const token = await admin.accessToken(resourceIndicators.cloud);
    expect(decodeJwt(token).scope ?? '').toBe('');
    const response = await fetch(`${server.url}/api/tenants`, bearer(token, json({ name: 'Another' })));
    expect(response.status).toBe(403);
    expect(errorBodyGuard.parse(await response.json()).code).toBe('tenant.create_not_allowed');
    expect(await server.db.select().from(tenants)).toHaveLength(1);
  });

  test('the default tenant endpoint is /t/default, where its own issuer answers (the console issuer stays at /oidc)', async () => {
    const token = await admin.accessToken(resourceIndicators.cloud);
    const response = await fetch(`${server.url}/api/.well-known/endpoints/${defaultTenantId}`, bearer(token));
    expect(await response.json()).toEqual({ user: `${server.url}/t/${defaultTenantId}` });
    const discovery = await fetch(`${server.url}/t/${defaultTenantId}/oidc/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${server.url}/t/${defaultTenantId}/oidc`);
  });

  test('organization tokens are a cloud feature: invalid_target, and the refresh token is not consumed', async () => {
    const before = admin.refreshToken;
    const { status, body } = await admin.refresh({ organizationId: organizationIdOf(defaultTenantId) });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_target');
    const [row] = await server.db.select().from(oidcModels).where(eq(oidcModels.id, before));
    expect(row?.payload).not.toHaveProperty('consumed');
  });

  test('tenant settings, members and invitations are cloud routes: 404 route.not_found, and the default tenant stays', async () => {
    const token = await admin.accessToken(resourceIndicators.cloud);
    const routes: [string, string, unknown?][] = [
      ['PATCH', `/api/tenants/${defaultTenantId}`, { name: 'Renamed' }],
      ['DELETE', `/api/tenants/${defaultTenantId}`],
      ['GET', `/api/tenants/${defaultTenantId}/members`],
      ['POST', `/api/tenants/${defaultTenantId}/invitations`, { invitee: ['x@example.com'], roleName: 'collaborator' }],
      ['GET', '/api/invitations'],
    ];
    for (const [method, path, body] of routes) {
      await expectError(await call(`${server.url}${path}`, token, method, body), 404, 'route.not_found');
    }
    expect(await server.db.select().from(tenants)).toEqual([expect.objectContaining({ id: defaultTenantId, name: 'Default' })]);
  });
});
