import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminTenantId,
  allScope,
  organizationAudience,
  organizationIdOf,
  resourceIndicators,
  tenantRoles,
  tenantScopes,
} from '#schemas/constants.ts';
import { oidcModels, tenantMembers } from '#server/db/schema.ts';
import { consoleRefreshTokenGraceSeconds } from '#server/oidc/adapter.ts';
import { deleteExpiredRows } from '#server/db/cleanup.ts';
import { decodeJwt, signUp, type ConsoleSession } from '../support/oidc-client.ts';
import { bearer, json, newAccount, startTestServer, type TestServer } from './support.ts';

let server: TestServer;
let owner: ConsoleSession;
let tenantId: string;

const createTenant = async (session: ConsoleSession, name: string) => {
  const token = await session.accessToken(resourceIndicators.cloud);
  const response = await fetch(`${server.url}/api/tenants`, bearer(token, json({ name })));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
};

const storedRefreshToken = async (value: string) => {
  const rows = await server.db.select().from(oidcModels).where(eq(oidcModels.id, value));
  return rows.find((row) => row.model === 'RefreshToken');
};

beforeAll(async () => {
  server = await startTestServer('cloud');
  owner = await signUp(server.url, newAccount('owner'), { edition: 'cloud' });
  tenantId = await createTenant(owner, 'Owned');
});
afterAll(() => server?.close());

describe('resource tokens', () => {
  test('cloud and Me API tokens are JWTs for their audience with the granted scopes', async () => {
    const cloud = decodeJwt(await owner.accessToken(resourceIndicators.cloud));
    expect(cloud.aud).toBe(resourceIndicators.cloud);
    expect(String(cloud.scope).split(' ').sort()).toEqual(['create:tenant', 'manage:tenant:self']);
    const me = decodeJwt(await owner.accessToken(resourceIndicators.me));
    expect(me).toMatchObject({ aud: resourceIndicators.me, scope: allScope });
  });

  test('a resource that was not requested is refused with invalid_target, without consuming the refresh token', async () => {
    const before = owner.refreshToken;
    const { status, body } = await owner.refresh({ resource: resourceIndicators.management('default') });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_target');
    expect((await storedRefreshToken(before))?.payload).not.toHaveProperty('consumed');
  });

  test('the refresh token is rotated: the old one is consumed', async () => {
    const before = owner.refreshToken;
    await owner.accessToken(resourceIndicators.me);
    expect(owner.refreshToken).not.toBe(before);
    expect((await storedRefreshToken(before))?.payload.consumed).toEqual(expect.any(Number));
  });
});

describe('parallel refreshes', () => {
  test(`the SDK asks for several resources at once with one refresh token: a request that lands just after the rotation still succeeds (${consoleRefreshTokenGraceSeconds} s)`, async () => {
    const session = await signUp(server.url, newAccount('parallel'), { edition: 'cloud' });
    const refreshToken = session.refreshToken;
    const first = await session.refresh({ resource: resourceIndicators.cloud, refreshToken });
    expect((await storedRefreshToken(refreshToken))?.payload.consumed).toEqual(expect.any(Number));
    const late = await session.refresh({ resource: resourceIndicators.me, refreshToken });
    expect([first.status, late.status]).toEqual([200, 200]);
    expect(late.body.refresh_token).not.toBe(first.body.refresh_token);
    // Both rotated successors are working refresh tokens of the same grant.
    for (const { body } of [first, late]) expect((await session.refresh({ refreshToken: body.refresh_token })).status).toBe(200);
  });

  test('the grace period counts from the first use: a reuse does not extend it, and a reuse after it revokes the grant', async () => {
    const session = await signUp(server.url, newAccount('grace'), { edition: 'cloud' });
    const refreshToken = session.refreshToken;
    const first = await session.refresh({ refreshToken });
    const firstUse = (await storedRefreshToken(refreshToken))!.payload.consumed as number;
    // As if the first use were almost a grace period ago.
    const backdate = (consumed: number) =>
      server.db
        .update(oidcModels)
        .set({ payload: sql`jsonb_set(${oidcModels.payload}, '{consumed}', to_jsonb(${consumed}::bigint))` })
        .where(eq(oidcModels.id, refreshToken));
    await backdate(firstUse - consoleRefreshTokenGraceSeconds + 2);
    expect((await session.refresh({ refreshToken })).status).toBe(200);
    expect((await storedRefreshToken(refreshToken))!.payload.consumed).toBe(firstUse - consoleRefreshTokenGraceSeconds + 2);
    await backdate(firstUse - consoleRefreshTokenGraceSeconds);
    const late = await session.refresh({ refreshToken });
    expect([late.status, late.body.error]).toEqual([400, 'invalid_grant']);
    expect((await session.refresh({ refreshToken: first.body.refresh_token })).status).toBe(400);
  });
});

describe('ID token and userinfo claims', () => {
  test('organizations and organization_roles are in the ID token, as t-{id} and {tenantId}:{role}', async () => {
    const { body } = await owner.refresh();
    const claims = decodeJwt(body.id_token!);
    expect(claims.organizations).toEqual([organizationIdOf(tenantId)]);
    expect(claims.organization_roles).toEqual([`${tenantId}:admin`]);
    expect(claims).not.toHaveProperty('custom_data');
    expect(claims).not.toHaveProperty('identities');
  });

  test('custom_data and identities come from userinfo only', async () => {
    const meToken = await owner.accessToken(resourceIndicators.me);
    await fetch(`${server.url}/me/custom-data`, {
      ...bearer(meToken, json({ adminConsolePreferences: { language: 'de', appearanceMode: 'dark' } })),
      method: 'PATCH',
    });
    const { status, body } = await owner.userinfo();
    expect(status).toBe(200);
    expect(body.custom_data).toEqual({ adminConsolePreferences: { language: 'de', appearanceMode: 'dark' } });
    expect(body.identities).toEqual({});
    expect(body.organization_roles).toEqual([`${tenantId}:admin`]);
    expect(decodeJwt((await owner.refresh()).body.id_token!)).not.toHaveProperty('custom_data');
  });
});

describe('organization tokens', () => {
  test('a member gets a token for urn:logto:organization:t-{id} with the scopes of the role', async () => {
    const token = decodeJwt(await owner.organizationToken(organizationIdOf(tenantId)));
    expect(token.aud).toBe(organizationAudience(organizationIdOf(tenantId)));
    expect(String(token.scope).split(' ').sort()).toEqual([...tenantScopes].sort());
  });

  test('a collaborator gets the collaborator scopes', async () => {
    const collaborator = await signUp(server.url, newAccount('collab'), { edition: 'cloud' });
    const userId = String(decodeJwt(collaborator.initial.id_token!).sub);
    await server.db.insert(tenantMembers).values({ tenantId, userId, role: 'collaborator' });
    const token = decodeJwt(await collaborator.organizationToken(organizationIdOf(tenantId)));
    expect(String(token.scope).split(' ').sort()).toEqual([...tenantRoles.collaborator].sort());
  });

  test('a non-member gets invalid_grant and keeps an unconsumed refresh token', async () => {
    const outsider = await signUp(server.url, newAccount('outsider'), { edition: 'cloud' });
    const before = outsider.refreshToken;
    const { status, body } = await outsider.refresh({ organizationId: organizationIdOf(tenantId) });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
    expect(outsider.refreshToken).toBe(before);
    expect((await storedRefreshToken(before))?.payload).not.toHaveProperty('consumed');
    // The same refresh token still works for what the outsider may have.
    expect((await outsider.refresh({ resource: resourceIndicators.me })).status).toBe(200);
  });

  test('an unknown organization id is invalid_grant too', async () => {
    const { status, body } = await owner.refresh({ organizationId: 'not-a-tenant' });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });
});

describe('sign-out', () => {
  test('ends the session and the grant: no silent sign-in, no refresh', async () => {
    const session = await signUp(server.url, newAccount('leaver'), { edition: 'cloud' });
    expect(await session.hasLiveSession('cloud')).toBe(true);
    const refreshToken = session.refreshToken;
    const { fields, confirmed } = await session.signOut();
    expect(fields.logout).toBe('yes');
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe(`${server.url}/console`);
    expect(await session.hasLiveSession('cloud')).toBe(false);
    const { status, body } = await session.refresh({ refreshToken });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });
});

describe('expired rows', () => {
  test('are deleted by the periodic cleanup, of every issuer; live rows stay', async () => {
    const expiresAt = (seconds: number) => new Date(Date.now() + seconds * 1000);
    await server.db.insert(oidcModels).values([
      { tenantId: adminTenantId, model: 'Session', id: 'expired-session', payload: {}, expiresAt: expiresAt(-60) },
      { tenantId: tenantId, model: 'Session', id: 'expired-tenant-session', payload: {}, expiresAt: expiresAt(-60) },
      { tenantId: adminTenantId, model: 'Session', id: 'live-session', payload: {}, expiresAt: expiresAt(60) },
    ]);
    await deleteExpiredRows(server.db, server.config);
    const ids = (await server.db.select({ id: oidcModels.id }).from(oidcModels).where(eq(oidcModels.model, 'Session'))).map((row) => row.id);
    expect(ids).toContain('live-session');
    expect(ids).not.toContain('expired-session');
    expect(ids).not.toContain('expired-tenant-session');
  });
});
