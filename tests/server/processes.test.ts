import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { tenantGuard } from '#schemas/tenant.ts';
import { decodeJwt, signIn, signUp } from '../support/oidc-client.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { bearer, freshPostgresSchema, json, newAccount, postgresUrl } from './support.ts';
import * as z from 'zod/mini';

const running: RunningServer[] = [];
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  for (const cleanup of cleanups) await cleanup();
});

const start = async (options: Parameters<typeof startServer>[0]) => {
  const server = await startServer(options);
  running.push(server);
  return server;
};

// Each test starts two or three server processes, and each takes seconds to start on a busy machine.
describe('separate server processes', { timeout: 60_000 }, () => {
  test.skipIf(!postgresUrl)('two processes on one PostgreSQL share sessions, tokens and data', async () => {
    const schema = (await freshPostgresSchema())!;
    cleanups.push(schema.drop);
    const first = await start({ edition: 'cloud', databaseUrl: schema.url });
    // Both processes serve one deployment, so they share its public URL (the issuer).
    const second = await start({ edition: 'cloud', databaseUrl: schema.url, env: { PUBLIC_URL: first.url } });
    // The dev mailbox's token is kept in the database, so both print the same mailbox URL.
    expect(second.devMailboxUrl()).toMatch(/\?token=/);
    expect(second.devMailboxUrl()).toBe(first.devMailboxUrl());

    const account = newAccount('shared');
    await signUp(first.url, account, { edition: 'cloud' });
    const viaFirst = await signIn(first.url, account.email, account.password, { edition: 'cloud' });
    const viaSecond = viaFirst.via(second.url);

    const cloudToken = await viaSecond.accessToken(resourceIndicators.cloud);
    const created = await fetch(`${second.url}/api/tenants`, bearer(cloudToken, json({ name: 'Shared' })));
    expect(created.status).toBe(201);
    const tenant = tenantGuard.parse(await created.json());

    const listed = await fetch(`${first.url}/api/tenants`, bearer(cloudToken));
    expect(z.array(tenantGuard).parse(await listed.json()).map((item) => item.id)).toEqual([tenant.id]);

    viaFirst.refreshToken = viaSecond.refreshToken;
    const organizationToken = decodeJwt(await viaFirst.organizationToken(organizationIdOf(tenant.id)));
    expect(organizationToken.aud).toBe(`urn:logto:organization:${organizationIdOf(tenant.id)}`);
    expect(await viaFirst.via(second.url).hasLiveSession('cloud')).toBe(true);
  });

  test.skipIf(!postgresUrl)("a change to a tenant's keys reaches every process: both serve the new JWKS at once", async () => {
    const schema = (await freshPostgresSchema())!;
    cleanups.push(schema.drop);
    const first = await start({ edition: 'cloud', databaseUrl: schema.url });
    const second = await start({ edition: 'cloud', databaseUrl: schema.url, env: { PUBLIC_URL: first.url } });
    const session = await signUp(first.url, newAccount('keys'), { edition: 'cloud' });
    const created = await fetch(`${first.url}/api/tenants`, bearer(await session.accessToken(resourceIndicators.cloud), json({ name: 'Rotating' })));
    const tenant = tenantGuard.parse(await created.json());
    const kids = async (server: RunningServer) =>
      ((await (await fetch(`${server.url}/t/${tenant.id}/oidc/jwks`)).json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid);
    // Both processes have built (and cached) the tenant's issuer: its ES256 and RS256 keys.
    const before = await kids(first);
    expect(before).toHaveLength(2);
    expect(await kids(second)).toEqual(before);

    // The keys change in the database, by neither server: each hears of it and rebuilds well before its 30 s recheck.
    await first.ops(['rotate-signing-key', tenant.id]);
    for (const server of [first, second]) {
      await expect.poll(() => kids(server), { timeout: 2000 }).toHaveLength(4);
      const [currentEc, currentRsa, ...previous] = await kids(server);
      expect(previous.sort()).toEqual([...before].sort());
      expect(before).not.toContain(currentEc);
      expect(before).not.toContain(currentRsa);
    }
  });

  test('a restarted process on the same PGlite folder keeps accounts, sessions and refresh tokens', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-restart-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const before = await start({ edition: 'cloud', dataDir: path.join(dataDir, 'data') });
    const session = await signUp(before.url, newAccount('restart'), { edition: 'cloud' });
    const subject = decodeJwt(await session.accessToken(resourceIndicators.me)).sub;
    await before.stop();

    const after = await start({ edition: 'cloud', dataDir: path.join(dataDir, 'data'), env: { PUBLIC_URL: before.url } });
    const resumed = session.via(after.url);
    const meToken = await resumed.accessToken(resourceIndicators.me);
    const me = await fetch(`${after.url}/me`, bearer(meToken));
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: string }).id).toBe(subject);
    expect(await resumed.hasLiveSession('cloud')).toBe(true);
  });
});
