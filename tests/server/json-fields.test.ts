import { afterAll, beforeAll, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { createApplicationGuard, patchApplicationGuard } from '#schemas/application.ts';
import { customDataMaxBytes, jsonMaxDepth } from '#schemas/json.ts';
import { userCustomDataGuard } from '#schemas/tenant-user.ts';
import { planIds } from '#schemas/quota.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { createApplication } from './idp-rows.ts';
import { call, signUpUser, startTestServer, type TestServer } from './support.ts';

let server: TestServer;
let api: ManagementApi;

beforeAll(async () => {
  server = await startTestServer('cloud');
  api = await openTenant(server, await signUpUser(server, 'json'), planIds.development);
});
afterAll(() => server?.close());

/** An object nesting `depth` levels, `{"a":{"a":…{}}}`, as JSON text: as an attacker sends it, never parsed here. */
const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

/** A JSON body with `json` (JSON text) at `field`. */
const bodyWith = (body: Record<string, unknown>, field: string, json: string) => JSON.stringify({ ...body, [field]: '\u0000' }).replace('"\\u0000"', json);

/** Every write of a JSON field of the management API, with `customData` (or the identity's details) set to `json`. */
const writes = async (json: string) => {
  const username = `u${Math.random().toString(36).slice(2, 10)}`;
  const user = (await (await call(`${api.base}/users`, api.token, 'POST', { username })).json()) as { id: string };
  const app = await createApplication(api, { name: 'Shop', type: 'SPA' });
  const sms = (await (await call(`${api.base}/connectors`, api.token, 'POST', { connectorId: 'dev-sms' })).json()) as { id: string };
  return [
    // The PATCH first: a new SMS connector replaces the one it names.
    ['PATCH /connectors/{id}', `${api.base}/connectors/${sms.id}`, 'PATCH', bodyWith({}, 'config', json)],
    ['POST /connectors', `${api.base}/connectors`, 'POST', bodyWith({ connectorId: 'dev-sms' }, 'config', json)],
    ['POST /connectors/{factoryId}/test', `${api.base}/connectors/dev-sms/test`, 'POST', bodyWith({ phone: '+15550100' }, 'config', json)],
    ['POST /users', `${api.base}/users`, 'POST', bodyWith({ username: `${username}_deep` }, 'customData', json)],
    ['PATCH /users/{id}', `${api.base}/users/${user.id}`, 'PATCH', bodyWith({}, 'customData', json)],
    ['PATCH /users/{id}/custom-data', `${api.base}/users/${user.id}/custom-data`, 'PATCH', bodyWith({}, 'customData', json)],
    ['PUT /users/{id}/identities/{target}', `${api.base}/users/${user.id}/identities/demo`, 'PUT', bodyWith({ userId: 'x' }, 'details', json)],
    ['POST /applications', `${api.base}/applications`, 'POST', bodyWith({ name: 'Deep', type: 'SPA' }, 'customData', json)],
    ['PATCH /applications/{id}', `${api.base}/applications/${app.id}`, 'PATCH', bodyWith({}, 'customData', json)],
  ] as const;
};

test(`JSON fields nest at most ${jsonMaxDepth} levels: 5,000 levels in 30 KB are 400, not a stack overflow`, async () => {
  for (const [route, url, method, body] of await writes(nested(5000))) {
    const response = await call(url, api.token, method, body);
    expect(response.status, route).toBe(400);
    expect(((await response.json()) as { code: string }).code, route).toBe('guard.invalid_input');
  }
  for (const [route, url, method, body] of await writes(nested(jsonMaxDepth + 1))) expect((await call(url, api.token, method, body)).status, route).toBe(400);
  for (const [route, url, method, body] of await writes(nested(jsonMaxDepth))) expect((await call(url, api.token, method, body)).status, route).toBeLessThan(300);
});

// A body is at most 64 KiB too (server/api/body-limits.ts): the guards are checked on their own.
test("an application's custom data is held to 64 KiB as JSON, as a user's is, in UTF-8 bytes", () => {
  const fits = { text: 'x'.repeat(customDataMaxBytes - 20) };
  const big = { text: 'é'.repeat(customDataMaxBytes / 2) };
  for (const [guard, body] of [[createApplicationGuard, { name: 'Big', type: 'SPA' }], [patchApplicationGuard, {}]] as const) {
    expect(z.safeParse(guard, { ...body, customData: fits }).success).toBe(true);
    expect(z.safeParse(guard, { ...body, customData: big }).error?.issues).toEqual([expect.objectContaining({ path: ['customData'] })]);
  }
  expect(z.safeParse(userCustomDataGuard, { customData: big }).success).toBe(false);
});
