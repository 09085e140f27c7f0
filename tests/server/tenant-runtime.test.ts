// PostgreSQL pass: a tenant's first key set is made once however many requests arrive at once
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { resourceIndicators } from '#schemas/constants.ts';
import { keys } from '#server/db/idp.ts';
import { applications } from '#server/db/idp.ts';
import { tenants } from '#server/db/schema.ts';
import { runOpsCommand } from '#server/ops/commands.ts';
import { managementApiScopeId } from '#server/tenant/resources/store.ts';
import type { PaymentProvider } from '#server/payments/provider.ts';
import { addUsage } from '#server/tenant-runtime/store.ts';
import { createTenant } from './billing-support.ts';
import { clientCredentials, tenantData, verifyWithJwks } from './tenant-runtime-support.ts';
import { bearer, expectError, signUpUser, startTestServer, type TestServer } from './support.ts';

let server: TestServer;
let tenantA: string;
let tenantB: string;
let owner: Awaited<ReturnType<typeof signUpUser>>;
const issuerOf = (tenantId: string) => `${server.url}/t/${tenantId}/oidc`;

beforeAll(async () => {
  server = await startTestServer('cloud');
  owner = await signUpUser(server, 'runtime');
  tenantA = (await createTenant(server, owner, { name: 'Runtime A' })).id;
  tenantB = (await createTenant(server, owner, { name: 'Runtime B' })).id;
});
afterAll(() => server?.close());

const discovery = async (tenantId: string) => {
  const response = await fetch(`${issuerOf(tenantId)}/.well-known/openid-configuration`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const jwksOf = async (tenantId: string) => ((await (await fetch(`${issuerOf(tenantId)}/jwks`)).json()) as { keys: { kid: string; alg: string }[] }).keys;

/** An M2M app of the tenant with a live secret, holding a role with the given permissions of a new resource. */
const machineSetup = async (tenantId: string, permissions: string[], held: string[], accessTokenTtl = 3600) => {
  const data = tenantData(server.db, tenantId);
  const indicator = `https://api-${Math.random().toString(36).slice(2)}.example.test`;
  const resource = await data.resource(indicator, permissions, accessTokenTtl);
  const clientId = await data.application('MachineToMachine');
  const secret = await data.secret(clientId);
  const roleId = await data.role('MachineToMachine', held.map((name) => resource.scopeIds[name]!));
  await data.assignToApplication(clientId, roleId);
  return { data, indicator, resource, clientId, secret, roleId };
};

describe('a tenant issuer', () => {
  test('each tenant has its own discovery and JWKS, with keys of its own', async () => {
    const [a, b] = [await discovery(tenantA), await discovery(tenantB)];
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ issuer: issuerOf(tenantA), jwks_uri: `${issuerOf(tenantA)}/jwks`, token_endpoint: `${issuerOf(tenantA)}/token` });
    expect(b.body.issuer).toBe(issuerOf(tenantB));
    expect(a.body).toHaveProperty('introspection_endpoint');
    expect(a.body).toHaveProperty('revocation_endpoint');
    expect(a.body).toHaveProperty('end_session_endpoint');
    const [keysA, keysB] = [await jwksOf(tenantA), await jwksOf(tenantB)];
    // One key of each algorithm an app may sign its ID tokens with.
    expect(keysA.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
    expect(keysB.map((key) => key.kid)).not.toContain(keysA[0]!.kid);
    expect(keysB.map((key) => key.kid)).not.toContain(keysA[1]!.kid);
  });

  test('an unknown tenant is 404, and stays unknown for a while even once it exists', async () => {
    await expectError(await fetch(`${server.url}/t/nosuchtenant1/oidc/.well-known/openid-configuration`), 404, 'tenant.not_found');
    await expectError(await fetch(`${server.url}/t/nosuchtenant1/api/resources`), 404, 'tenant.not_found');
    await server.db.insert(tenants).values({ id: 'nosuchtenant1', name: 'Late', tag: 'development', regionName: 'EU', planId: 'development' });
    expect((await discovery('nosuchtenant1').catch(() => ({ status: 404 }))).status).toBe(404);
  });

  test('a tenant that exists without keys gets one set on its first requests, however many arrive at once', async () => {
    await server.db.insert(tenants).values({ id: 'keyless', name: 'Keyless', tag: 'development', regionName: 'EU', planId: 'development' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => fetch(`${issuerOf('keyless')}/jwks`)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const rows = await server.db.select().from(keys).where(eq(keys.tenantId, 'keyless'));
    expect(rows.map((row) => `${row.kind} ${row.alg ?? ''}`.trim()).sort()).toEqual(['cookie', 'signing ES256', 'signing RS256']);
  });

  test('a tenant made before RS256 keeps its keys and gets an RSA key on its first requests, once', async () => {
    const tenantId = (await createTenant(server, owner, { name: 'Made before RS256' })).id;
    const made = await server.db.select().from(keys).where(eq(keys.tenantId, tenantId));
    expect(made.map((row) => `${row.kind} ${row.alg ?? ''}`.trim()).sort()).toEqual(['cookie', 'signing ES256', 'signing RS256']);
    await server.db.delete(keys).where(and(eq(keys.tenantId, tenantId), eq(keys.alg, 'RS256')));
    const kept = await server.db.select().from(keys).where(eq(keys.tenantId, tenantId));
    const answers = await Promise.all(Array.from({ length: 6 }, () => jwksOf(tenantId)));
    for (const answer of answers) expect(answer.map((key) => key.alg).sort()).toEqual(['ES256', 'RS256']);
    const rows = await server.db.select().from(keys).where(eq(keys.tenantId, tenantId));
    expect(rows.filter((row) => row.alg === 'RS256')).toHaveLength(1);
    expect(rows.map((row) => row.id)).toEqual(expect.arrayContaining(kept.map((row) => row.id)));
  });

  test('the console issuer at /oidc is unchanged', async () => {
    const response = await fetch(`${server.url}/oidc/.well-known/openid-configuration`);
    expect(((await response.json()) as { issuer: string }).issuer).toBe(`${server.url}/oidc`);
  });
});

describe('client credentials', () => {
  test("a token verifies with the tenant's JWKS: its issuer, the resource as audience, the requested permissions the app's roles grant, the resource's lifetime", async () => {
    const { indicator, clientId, secret } = await machineSetup(tenantA, ['read:orders', 'write:orders', 'delete:orders'], ['read:orders', 'write:orders'], 600);
    const { status, body } = await clientCredentials(issuerOf(tenantA), { clientId, secret, resource: indicator, scope: 'read:orders delete:orders' });
    expect(status).toBe(200);
    const claims = await verifyWithJwks(issuerOf(tenantA), String(body.access_token), indicator);
    expect(claims).toMatchObject({ iss: issuerOf(tenantA), aud: indicator, scope: 'read:orders', client_id: clientId, sub: clientId });
    expect(claims.exp! - claims.iat!).toBe(600);
    expect(body.expires_in).toBe(600);
    await expect(verifyWithJwks(issuerOf(tenantB), String(body.access_token), indicator)).rejects.toThrow();

    const unscoped = await clientCredentials(issuerOf(tenantA), { clientId, secret, resource: indicator, post: true });
    expect(unscoped.status).toBe(200);
    expect((await verifyWithJwks(issuerOf(tenantA), String(unscoped.body.access_token), indicator)).scope).toBeUndefined();
  });

  test('a wrong or expired secret is refused; any live secret of the app works', async () => {
    const { data, indicator, clientId, secret } = await machineSetup(tenantA, ['read:x'], ['read:x']);
    const expired = await data.secret(clientId, new Date(Date.now() - 1000));
    const later = await data.secret(clientId, new Date(Date.now() + 3_600_000));
    for (const refused of [expired, `${secret}x`]) {
      const { status, body } = await clientCredentials(issuerOf(tenantA), { clientId, secret: refused, resource: indicator });
      expect({ status, error: body.error }).toEqual({ status: 401, error: 'invalid_client' });
    }
    expect((await clientCredentials(issuerOf(tenantA), { clientId, secret: later, resource: indicator })).status).toBe(200);
  });

  test('an unknown resource is invalid_target', async () => {
    const { clientId, secret } = await machineSetup(tenantA, [], []);
    const { status, body } = await clientCredentials(issuerOf(tenantA), { clientId, secret, resource: 'https://nope.example.test' });
    expect({ status, error: body.error }).toEqual({ status: 400, error: 'invalid_target' });
  });

  test('a role change applies to the next token', async () => {
    const { data, indicator, clientId, secret, roleId, resource } = await machineSetup(tenantA, ['read:a', 'write:a'], ['read:a']);
    const scopeOf = async () => {
      const { body } = await clientCredentials(issuerOf(tenantA), { clientId, secret, resource: indicator, scope: 'read:a write:a' });
      return (await verifyWithJwks(issuerOf(tenantA), String(body.access_token), indicator)).scope;
    };
    expect(await scopeOf()).toBe('read:a');
    const writer = await data.role('MachineToMachine', [resource.scopeIds['write:a']!]);
    await data.assignToApplication(clientId, writer);
    expect(await scopeOf()).toBe('read:a write:a');
    await data.unassignFromApplication(clientId, roleId);
    await data.unassignFromApplication(clientId, writer);
    expect(await scopeOf()).toBeUndefined();
  });

  test("the default API is the audience when the request names none, with that API's lifetime", async () => {
    const { indicator, clientId, secret, resource } = await machineSetup(tenantB, ['read:d'], ['read:d'], 900);
    await server.db.execute(sql`update idp.resources set is_default = true where tenant_id = ${tenantB} and id = ${resource.id}`);
    const { status, body } = await clientCredentials(issuerOf(tenantB), { clientId, secret, scope: 'read:d' });
    expect(status).toBe(200);
    const claims = await verifyWithJwks(issuerOf(tenantB), String(body.access_token), indicator);
    expect({ scope: claims.scope, ttl: claims.exp! - claims.iat! }).toEqual({ scope: 'read:d', ttl: 900 });
  });

  test('tokens count into the tenant usage', async () => {
    await server.db.insert(tenants).values({ id: 'counted', name: 'Counted', tag: 'development', regionName: 'EU', planId: 'development' });
    const { indicator, clientId, secret } = await machineSetup('counted', [], []);
    await clientCredentials(issuerOf('counted'), { clientId, secret, resource: indicator });
    await clientCredentials(issuerOf('counted'), { clientId, secret, resource: indicator });
    await expect
      .poll(async () => (await server.db.select({ tokenUsage: tenants.tokenUsage }).from(tenants).where(eq(tenants.id, 'counted')))[0]!.tokenUsage)
      .toBe(2);
  });

  test('a user is counted active once per billing period', async () => {
    const userId = await tenantData(server.db, tenantB).user();
    const activeUsers = async () => (await server.db.select({ value: tenants.activeUsers }).from(tenants).where(eq(tenants.id, tenantB)))[0]!.value;
    const before = await activeUsers();
    await addUsage(server.db, tenantB, 1, [userId]);
    await addUsage(server.db, tenantB, 1, [userId]);
    expect(await activeUsers()).toBe(before + 1);
    await server.db.update(tenants).set({ periodStart: new Date() }).where(eq(tenants.id, tenantB));
    await addUsage(server.db, tenantB, 1, [userId]);
    expect(await activeUsers()).toBe(before + 2);
  });
});

describe("the tenant's management API for its machine-to-machine apps", () => {
  const managementToken = async (tenantId: string) => {
    const data = tenantData(server.db, tenantId);
    const clientId = await data.application('MachineToMachine');
    const secret = await data.secret(clientId);
    await data.assignToApplication(clientId, await data.role('MachineToMachine', [managementApiScopeId]));
    const { body } = await clientCredentials(issuerOf(tenantId), { clientId, secret, resource: resourceIndicators.management(tenantId), scope: 'all' });
    return { clientId, secret, token: String(body.access_token) };
  };

  test('accepts a token of the tenant issuer for its management API with `all`', async () => {
    const { token } = await managementToken(tenantA);
    const response = await fetch(`${server.url}/t/${tenantA}/api/resources`, bearer(token));
    expect(response.status).toBe(200);
    expect(((await response.json()) as { indicator: string }[]).map((resource) => resource.indicator)).toContain(resourceIndicators.management(tenantA));
  });

  test('a token for another audience is 401 naming the expected audience', async () => {
    const { indicator, clientId, secret } = await machineSetup(tenantA, ['read:o'], ['read:o']);
    const { body } = await clientCredentials(issuerOf(tenantA), { clientId, secret, resource: indicator, scope: 'read:o' });
    const refused = await expectError(await fetch(`${server.url}/t/${tenantA}/api/resources`, bearer(String(body.access_token))), 401, 'auth.unauthorized');
    expect(refused.details).toEqual({ expectedAudience: resourceIndicators.management(tenantA) });
  });

  test("a deleted app gets no token, and its tokens no longer reach the management API", async () => {
    const { clientId, secret, token } = await managementToken(tenantB);
    expect((await fetch(`${server.url}/t/${tenantB}/api/resources`, bearer(token))).status).toBe(200);
    await server.db.delete(applications).where(eq(applications.id, clientId));
    const { status, body } = await clientCredentials(issuerOf(tenantB), { clientId, secret, resource: resourceIndicators.management(tenantB), scope: 'all' });
    expect({ status, error: body.error }).toEqual({ status: 401, error: 'invalid_client' });
    await expectError(await fetch(`${server.url}/t/${tenantB}/api/resources`, bearer(token)), 401, 'auth.unauthorized');
  });

  test("tenants are apart: A's app gets no token at B's issuer, and A's token is refused by B's management API", async () => {
    const { clientId, secret, token } = await managementToken(tenantA);
    const atB = await clientCredentials(issuerOf(tenantB), { clientId, secret, resource: resourceIndicators.management(tenantB), scope: 'all' });
    expect({ status: atB.status, error: atB.body.error }).toEqual({ status: 401, error: 'invalid_client' });
    await expectError(await fetch(`${server.url}/t/${tenantB}/api/resources`, bearer(token)), 401, 'auth.unauthorized');
    await expectError(await fetch(`${server.url}/m/${tenantB}/api/resources`, bearer(token)), 401, 'auth.unauthorized');
  });
});

describe('a suspended tenant', () => {
  test('still serves discovery and JWKS; its authorization and token endpoints answer access_denied', async () => {
    const { indicator, clientId, secret } = await machineSetup(tenantB, [], []);
    const ops = (command: string) => runOpsCommand({ db: server.db, payments: {} as PaymentProvider, edition: 'cloud' }, [command, tenantB]);
    await ops('suspend');
    try {
      expect((await discovery(tenantB)).status).toBe(200);
      expect((await fetch(`${issuerOf(tenantB)}/jwks`)).status).toBe(200);
      const token = await clientCredentials(issuerOf(tenantB), { clientId, secret, resource: indicator });
      expect(token.body.error).toBe('access_denied');
      const auth = await fetch(`${issuerOf(tenantB)}/auth?client_id=${clientId}&response_type=code&scope=openid`, { redirect: 'manual' });
      expect(auth.status).toBe(403);
      expect(await auth.text()).toContain('access_denied');
    } finally {
      await ops('unsuspend');
    }
    expect((await clientCredentials(issuerOf(tenantB), { clientId, secret, resource: indicator })).status).toBe(200);
  });
});
