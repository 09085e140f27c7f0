import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import { tenants } from '#server/db/schema.ts';
import { client, conformanceSetup, type Conformance } from './conformance/support.ts';
import { call } from './support.ts';

/**
 * A custom JWT script's `fetch` through the real server (customize-jwt.md §6): the server's setting decides where it
 * may go, for the console's test runs and for real tokens alike. Two cloud servers: one with
 * `HOOKS_ALLOW_PRIVATE_ADDRESSES=1`, which reaches a local receiver, and one without, which is refused.
 */

const indicator = 'https://api.jwt-fetch.example.test';
const receiver = createServer((request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tier: 'gold', path: request.url })));
let receiverUrl = '';
const script = (url: string) =>
  `const getCustomJwtClaims = async () => { try { const answer = await (await fetch(${JSON.stringify(url)})).json(); return { tier: answer.tier }; } catch (error) { return { failed: error.message }; } };`;

const setUp = async (prefix: string, env: Record<string, string>) => {
  const setup = await conformanceSetup(prefix, env);
  await setup.server.db.update(tenants).set({ planId: planIds.development }).where(eq(tenants.id, setup.tenantId));
  await setup.data.resource(indicator, []);
  const base = `${setup.server.url}/m/${setup.tenantId}/api`;
  const token = await setup.owner.session.organizationToken(organizationIdOf(setup.tenantId));
  const testRun = async (url: string) =>
    (await (await call(`${base}/configs/jwt-customizer/test`, token, 'POST', { tokenType: 'client-credentials', script: script(url), token: { jti: 'a' }, context: {} })).json()) as { claims: Record<string, unknown> };
  const tokenClaims = async (url: string) => {
    const saved = await call(`${base}/configs/jwt-customizer/client-credentials`, token, 'PUT', { script: script(url), blockIssuanceOnError: true });
    expect(saved.status).toBeLessThan(300);
    return decodeJwt((await client.clientCredentialsGrant(setup.machine, { resource: indicator })).access_token!);
  };
  return { setup, testRun, tokenClaims };
};

let allowed: Awaited<ReturnType<typeof setUp>>;
let cloud: Awaited<ReturnType<typeof setUp>>;
const setups: Conformance[] = [];
beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/tier`;
  allowed = await setUp('jwtfetcha', { HOOKS_ALLOW_PRIVATE_ADDRESSES: '1' });
  cloud = await setUp('jwtfetchc', {});
  setups.push(allowed.setup, cloud.setup);
}, 90_000);
afterAll(async () => {
  await Promise.all(setups.map((setup) => setup.server.close()));
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

describe('fetch in a custom JWT script', () => {
  test('with private addresses allowed, a test run and a real token both carry what the receiver answered', async () => {
    expect(await allowed.testRun(receiverUrl)).toMatchObject({ claims: { tier: 'gold' } });
    expect(await allowed.tokenClaims(receiverUrl)).toMatchObject({ tier: 'gold' });
  });

  test('without, the cloud edition refuses http and a loopback address, in a test run and for a real token', async () => {
    expect(await cloud.testRun(receiverUrl)).toMatchObject({ claims: { failed: 'fetch failed: fetch only reaches https:// URLs.' } });
    const loopback = receiverUrl.replace('http:', 'https:');
    expect(await cloud.testRun(loopback)).toMatchObject({ claims: { failed: 'fetch failed: 127.0.0.1 is not a public address.' } });
    expect(await cloud.tokenClaims(loopback)).toMatchObject({ failed: 'fetch failed: 127.0.0.1 is not a public address.' });
  });
});
