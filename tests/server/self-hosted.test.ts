import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { allScope, defaultTenantId, organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { errorBodyGuard } from '#schemas/error.ts';
import { tenantGuard } from '#schemas/tenant.ts';
import { oidcModels, tenants, users } from '#server/db/schema.ts';
import { pageLocales } from '#server/pages/messages.ts';
import { createLocalPaymentProvider } from '#server/payments/local/provider.ts';
import { runOpsCommand } from '#server/ops/commands.ts';
import { decodeJwt, signIn, signUp, startAuthorization, type ConsoleSession } from '../support/oidc-client.ts';
import { bearer, call, expectError, json, newAccount, startTestServer, type TestServer } from './support.ts';
import * as z from 'zod/mini';

let server: TestServer;
let admin: ConsoleSession;
const first = newAccount('first');

beforeAll(async () => {
  server = await startTestServer('self-hosted');
  admin = await signUp(server.url, first, { edition: 'self-hosted' });
});
afterAll(() => server?.close());

const ops = (...argv: string[]) => runOpsCommand({ db: server.db, payments: createLocalPaymentProvider(server.db, server.config), edition: 'self-hosted' }, argv);
const opsResultGuard = z.object({
  admin: z.object({ id: z.string(), username: z.nullable(z.string()), primaryEmail: z.nullable(z.string()) }),
  initialPassword: z.optional(z.string()),
  admins: z.array(z.object({ id: z.string() })),
});
const managementToken = (session: ConsoleSession) => session.accessToken(resourceIndicators.management(defaultTenantId));
const listResources = (token: string) => call(`${server.url}/api/resources`, token, 'GET');

const tenantsOf = async (session: ConsoleSession) =>
  z.array(tenantGuard).parse(await (await fetch(`${server.url}/api/tenants`, bearer(await session.accessToken(resourceIndicators.cloud)))).json());

describe('self-hosted edition', () => {
  test('the default tenant always exists', async () => {
    expect(await server.db.select().from(tenants)).toEqual([expect.objectContaining({ id: defaultTenantId })]);
  });

  test('the first account to sign up is the admin of the default tenant', async () => {
    expect((await tenantsOf(admin)).map((tenant) => tenant.id)).toEqual([defaultTenantId]);
    const claims = decodeJwt(admin.initial.id_token!);
    expect(claims.organizations).toEqual([organizationIdOf(defaultTenantId)]);
    expect(claims.organization_roles).toEqual(['default:admin']);
    const management = resourceIndicators.management(defaultTenantId);
    expect(decodeJwt(await managementToken(admin))).toMatchObject({ aud: management, scope: allScope });
  });

  test('then the sign-up is closed: the sign-in page says so, the sign-up page is the sign-in page, a posted sign-up is refused', async () => {
    const accountsBefore = await server.db.$count(users);
    const pending = await startAuthorization(server.url, { edition: 'self-hosted', signUp: true, uiLocales: 'de' });
    expect(pending.html).toContain(`action="/interaction/`);
    expect(pending.html).toContain('/sign-in"');
    expect(pending.html).toContain(pageLocales.de.signUpClosed);
    expect(pending.html).not.toContain('/sign-up"');
    const signUpPage = await pending.browser.request(`${pending.pageUrl.replace(/\/sign-(in|up)$/, '')}/sign-up`);
    expect(await signUpPage.text()).toContain(pageLocales.de.signUpClosed);
    const account = newAccount('late');
    const refused = await pending.submit('sign-up', { ...account, confirmPassword: account.password });
    expect(refused.response.status).toBe(403);
    expect(refused.html).toContain(pageLocales.de.signUpClosed);
    expect(refused.session).toBeUndefined();
    expect(await server.db.$count(users)).toBe(accountsBefore);
  });

  test('ops add-admin creates an account with an initial password that signs in as a console admin; remove-admin takes the role back at once', async () => {
    const email = `${newAccount('added').username}@example.com`;
    const added = opsResultGuard.parse(await ops('add-admin', email));
    expect(added.admin).toMatchObject({ primaryEmail: email, username: null });
    expect(added.admins.map((row) => row.id)).toContain(added.admin.id);
    const session = await signIn(server.url, email, added.initialPassword!, { edition: 'self-hosted' });
    expect(decodeJwt(session.initial.id_token!).organization_roles).toEqual(['default:admin']);
    const token = await managementToken(session);
    expect((await listResources(token)).status).toBe(200);

    const removed = opsResultGuard.parse(await ops('remove-admin', email.toUpperCase()));
    expect(removed.initialPassword).toBeUndefined();
    expect(removed.admins.map((row) => row.id)).not.toContain(added.admin.id);
    // The token issued while it was an admin no longer counts, and a new one has no scope.
    await expectError(await listResources(token), 403, 'auth.insufficient_scope');
    expect(decodeJwt(await managementToken(session)).scope ?? '').toBe('');
    expect(await tenantsOf(session)).toEqual([]);

    // Adding an existing account makes it admin again, keeping its password.
    const again = opsResultGuard.parse(await ops('add-admin', email));
    expect(again).toMatchObject({ admin: { id: added.admin.id } });
    expect(again.initialPassword).toBeUndefined();
    expect((await listResources(await managementToken(session))).status).toBe(200);
    await ops('remove-admin', email);
  });

  test('ops remove-admin keeps the last admin, and both commands refuse what they cannot do', async () => {
    await expect(ops('remove-admin', first.username)).rejects.toThrow(`"${first.username}" is the last console admin`);
    await expect(ops('remove-admin', 'nobody_here')).rejects.toThrow('There is no account "nobody_here".');
    const username = newAccount('other').username;
    await ops('add-admin', username);
    await ops('remove-admin', username);
    await expect(ops('remove-admin', username)).rejects.toThrow(`"${username}" is not a console admin.`);
    await expect(ops('add-admin', '1abc')).rejects.toThrow('is neither an e-mail nor a username');
    await expect(ops('add-admin')).rejects.toThrow('Name the account');
    const cloud = { db: server.db, payments: createLocalPaymentProvider(server.db, server.config), edition: 'cloud' as const };
    await expect(runOpsCommand(cloud, ['add-admin', username])).rejects.toThrow('Console admins are a self-hosted feature');
    expect((await listResources(await managementToken(admin))).status).toBe(200);
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
