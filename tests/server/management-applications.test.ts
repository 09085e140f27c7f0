import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applicationGuard, applicationSecretGuard, createdApplicationSecretGuard } from '#schemas/application.ts';
import { linkChangesGuard } from '#schemas/link.ts';
import { planIds } from '#schemas/quota.ts';
import { roleListItemGuard } from '#schemas/role.ts';
import { applicationSecrets } from '#server/db/idp.ts';
import { oidcModels } from '#server/db/schema.ts';
import { findLiveSecretHashes, isLiveSecret } from '#server/tenant/applications/store.ts';
import { describeManagementResource, openTenant, type ManagementApi } from './contract/management-resource.ts';
import {
  applicationRoleRows,
  applicationRows,
  createApplication,
  createRole,
  insertRoles,
  secretRows,
} from './idp-rows.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';
import * as z from 'zod/mini';
import { alteredSecret } from '../support/samples.ts';

describeManagementResource({
  name: 'applications',
  collection: async (api) => `${api.base}/applications`,
  create: (n) => ({ name: `Storefront ${n}`, type: 'SPA', description: `The shop, part ${n}` }),
  search: (n) => `storefront ${n}`,
  invalid: { body: { name: 'Desktop', type: 'Desktop' }, path: 'type' },
  patch: { name: 'Renamed' },
  quota: 'applicationsLimit',
  rows: applicationRows,
});

describeManagementResource({
  name: 'application secrets',
  collection: async (api) => `${api.base}/applications/${(await createApplication(api, { name: 'Billing job', type: 'MachineToMachine' })).id}/secrets`,
  create: (n) => ({ name: `rotation-${n}` }),
  search: (n) => `Rotation-${n}`,
  key: 'name',
  itemGet: false,
  invalid: { body: { name: ' ', expiresAt: 'tomorrow' }, path: 'expiresAt' },
  patch: { name: 'renamed' },
  rows: secretRows,
});

/** Each app's machine-to-machine roles, made in the database: the free plan allows one. */
const applicationRoleIds = new Map<string, string[]>();
describeManagementResource({
  name: 'application roles',
  collection: async (api) => {
    const { id } = await createApplication(api, { name: 'Sync job', type: 'MachineToMachine' });
    const collection = `${api.base}/applications/${id}/roles`;
    applicationRoleIds.set(collection, await insertRoles(api.server, api.tenantId, 'MachineToMachine', Array.from({ length: 12 }, (_, n) => `sync-${n}`)));
    return collection;
  },
  create: (n, collection) => ({ roleIds: [applicationRoleIds.get(collection)![n]] }),
  search: (n) => `SYNC-${n}`,
  invalid: { body: { roleIds: [] }, path: 'roleIds' },
  itemGet: false,
  rows: applicationRoleRows,
});

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe('applications', () => {
  let server: TestServer;
  let user: TestUser;
  let api: ManagementApi;

  beforeAll(async () => {
    server = await startTestServer('cloud');
    user = await signUpUser(server, 'applications');
    api = await openTenant(server, user, planIds.development);
  });
  afterAll(() => server?.close());

  test('a traditional or machine-to-machine app comes with its "Default secret", shown once and stored hashed', async () => {
    for (const type of ['Traditional', 'MachineToMachine'] as const) {
      const created = await createApplication(api, { name: `Confidential ${type}`, type });
      const [secret] = created.secrets;
      expect(secret).toMatchObject({ name: 'Default secret', expiresAt: null, valueHint: secret!.value.slice(-4) });
      expect(secret!.value).toMatch(/^[A-Za-z0-9]{32,64}$/);
      const listed = await call(`${api.base}/applications/${created.id}/secrets`, api.token, 'GET');
      const secrets = (await listed.json()) as Record<string, unknown>[];
      expect(secrets).toEqual([z.parse(applicationSecretGuard, secret)]);
      expect(secrets[0]).not.toHaveProperty('value');
      const [row] = await server.db.select().from(applicationSecrets).where(eq(applicationSecrets.applicationId, created.id));
      expect(row!.valueHash).toBe(sha256(secret!.value));
      const fetched = applicationGuard.parse(await (await call(`${api.base}/applications/${created.id}`, api.token, 'GET')).json());
      expect(fetched).not.toHaveProperty('secrets');
    }
    for (const type of ['Native', 'SPA'] as const) {
      const created = await createApplication(api, { name: `Public ${type}`, type });
      expect(created.secrets).toEqual([]);
      await expectError(await call(`${api.base}/applications/${created.id}/secrets`, api.token, 'GET'), 422, 'application.secrets_not_supported');
      await expectError(await call(`${api.base}/applications/${created.id}/secrets`, api.token, 'POST', { name: 'x' }), 422, 'application.secrets_not_supported');
    }
  });

  test('a third-party app is Native, SPA or Traditional; a machine-to-machine app has no redirect URIs', async () => {
    const before = await applicationRows(server, api.tenantId);
    const thirdParty = await call(`${api.base}/applications`, api.token, 'POST', { name: 'Partner', type: 'MachineToMachine', isThirdParty: true });
    await expectError(thirdParty, 400, 'application.invalid_third_party_application_type');
    const oidcClientMetadata = { redirectUris: ['https://app.example.test/callback'], postLogoutRedirectUris: [] };
    const withUris = await call(`${api.base}/applications`, api.token, 'POST', { name: 'Job', type: 'MachineToMachine', oidcClientMetadata });
    const refused = await expectError(withUris, 400, 'guard.invalid_input');
    expect(refused.details).toEqual([expect.objectContaining({ path: 'oidcClientMetadata.redirectUris' })]);
    expect(await applicationRows(server, api.tenantId)).toEqual(before);
    const job = await createApplication(api, { name: 'Job', type: 'MachineToMachine' });
    await expectError(await call(`${api.base}/applications/${job.id}`, api.token, 'PATCH', { oidcClientMetadata }), 400, 'guard.invalid_input');
    const partner = await createApplication(api, { name: 'Partner', type: 'Traditional', isThirdParty: true, oidcClientMetadata });
    expect(partner).toMatchObject({ isThirdParty: true, oidcClientMetadata });
  });

  test('PATCH replaces the JSON settings whole; the type never changes', async () => {
    const spa = await createApplication(api, { name: 'Web', type: 'SPA', customClientMetadata: { corsAllowedOrigins: ['https://a.example.test'], idTokenTtl: 600 } });
    const patched = await call(`${api.base}/applications/${spa.id}`, api.token, 'PATCH', {
      description: 'The web app',
      customClientMetadata: { rotateRefreshToken: false },
    });
    expect(applicationGuard.parse(await patched.json())).toMatchObject({ description: 'The web app', customClientMetadata: { rotateRefreshToken: false } });
    await expectError(await call(`${api.base}/applications/${spa.id}`, api.token, 'PATCH', { type: 'Native' }), 400, 'guard.invalid_input');
    const unchanged = await call(`${api.base}/applications/${spa.id}`, api.token, 'PATCH', {});
    expect(applicationGuard.parse(await unchanged.json()).customClientMetadata).toEqual({ rotateRefreshToken: false });
  });

  test('the list filters by types (comma-separated or repeated), third-party and a role the apps lack', async () => {
    const fresh = await openTenant(server, user, planIds.development);
    const native = await createApplication(fresh, { name: 'Phone', type: 'Native' });
    const spa = await createApplication(fresh, { name: 'Web', type: 'SPA' });
    const m2m = await createApplication(fresh, { name: 'Job', type: 'MachineToMachine' });
    const other = await createApplication(fresh, { name: 'Cron', type: 'MachineToMachine' });
    const partner = await createApplication(fresh, { name: 'Partner', type: 'SPA', isThirdParty: true });
    const role = await createRole(fresh, { name: 'sync', type: 'MachineToMachine' });
    expect((await call(`${fresh.base}/applications/${m2m.id}/roles`, fresh.token, 'POST', { roleIds: [role.id] })).status).toBe(201);
    const idsOf = async (query: string) => {
      const response = await call(`${fresh.base}/applications?${query}`, fresh.token, 'GET');
      expect(response.status).toBe(200);
      return ((await response.json()) as { id: string }[]).map((app) => app.id).sort();
    };
    expect(await idsOf('types=Native,SPA')).toEqual([native.id, spa.id, partner.id].sort());
    expect(await idsOf('types=Native&types=MachineToMachine')).toEqual([native.id, m2m.id, other.id].sort());
    expect(await idsOf('isThirdParty=true')).toEqual([partner.id]);
    expect(await idsOf('types=SPA&isThirdParty=false')).toEqual([spa.id]);
    expect(await idsOf(`types=MachineToMachine&excludeRoleId=${role.id}`)).toEqual([other.id]);
    const refused = await expectError(await call(`${fresh.base}/applications?types=SPA,Desktop`, fresh.token, 'GET'), 400, 'guard.invalid_input');
    expect(refused.details).toEqual([expect.objectContaining({ path: 'types.1' })]);
  });

  test('secrets: an expiry in the future, names unique per app, renamed, deleted; only live ones authenticate', async () => {
    const job = await createApplication(api, { name: 'Rotating job', type: 'MachineToMachine' });
    const url = `${api.base}/applications/${job.id}/secrets`;
    const past = await expectError(await call(url, api.token, 'POST', { name: 'old', expiresAt: new Date(Date.now() - 1000).toISOString() }), 400, 'guard.invalid_input');
    expect(past.details).toEqual([expect.objectContaining({ path: 'expiresAt' })]);
    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await call(url, api.token, 'POST', { name: 'rotated', expiresAt });
    const rotated = createdApplicationSecretGuard.parse(await created.json());
    expect({ status: created.status, expiresAt: rotated.expiresAt }).toEqual({ status: 201, expiresAt });
    await expectError(await call(url, api.token, 'POST', { name: 'rotated' }), 422, 'application.secret_name_exists');
    await expectError(await call(`${url}/rotated`, api.token, 'PATCH', { name: 'Default secret' }), 422, 'application.secret_name_exists');
    const renamed = await call(`${url}/rotated`, api.token, 'PATCH', { name: 'current' });
    expect(applicationSecretGuard.parse(await renamed.json())).toMatchObject({ name: 'current', valueHint: rotated.value.slice(-4) });

    const [original] = job.secrets;
    expect(await isLiveSecret(server.db, api.tenantId, job.id, rotated.value)).toBe(true);
    expect(await isLiveSecret(server.db, api.tenantId, job.id, original!.value)).toBe(true);
    expect(await isLiveSecret(server.db, api.tenantId, job.id, alteredSecret(rotated.value))).toBe(false);
    expect(await isLiveSecret(server.db, 'another-tenant', job.id, rotated.value)).toBe(false);
    await server.db
      .update(applicationSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(applicationSecrets.applicationId, job.id), eq(applicationSecrets.name, 'current')));
    expect(await isLiveSecret(server.db, api.tenantId, job.id, rotated.value)).toBe(false);
    expect(await findLiveSecretHashes(server.db, api.tenantId, job.id)).toEqual([sha256(original!.value)]);
    expect((await call(`${url}/${encodeURIComponent('Default secret')}`, api.token, 'DELETE')).status).toBe(204);
    expect(await isLiveSecret(server.db, api.tenantId, job.id, original!.value)).toBe(false);
    await expectError(await call(`${url}/${encodeURIComponent('Default secret')}`, api.token, 'DELETE'), 404, 'entity.not_exists_with_id');
  });

  test('roles: machine-to-machine apps and roles only; POST skips the roles held, PUT replaces them', async () => {
    const job = await createApplication(api, { name: 'Reporter', type: 'MachineToMachine' });
    const spa = await createApplication(api, { name: 'Front', type: 'SPA' });
    const [one, two] = [await createRole(api, { name: 'report-one', type: 'MachineToMachine' }), await createRole(api, { name: 'report-two', type: 'MachineToMachine' })];
    const userRole = await createRole(api, { name: 'report-user' });
    const url = `${api.base}/applications/${job.id}/roles`;
    const before = await applicationRoleRows(server, api.tenantId);
    await expectError(await call(`${api.base}/applications/${spa.id}/roles`, api.token, 'POST', { roleIds: [one.id] }), 422, 'application.invalid_type');
    await expectError(await call(`${api.base}/applications/${spa.id}/roles`, api.token, 'GET'), 422, 'application.invalid_type');
    await expectError(await call(url, api.token, 'POST', { roleIds: [one.id, userRole.id] }), 422, 'application.invalid_role_type');
    await expectError(await call(url, api.token, 'POST', { roleIds: [one.id, 'no-such-role'] }), 404, 'entity.not_exists_with_id');
    expect(await applicationRoleRows(server, api.tenantId)).toEqual(before);

    const added = await call(url, api.token, 'POST', { roleIds: [one.id] });
    expect({ status: added.status, body: linkChangesGuard.parse(await added.json()) }).toEqual({ status: 201, body: { added: [one.id] } });
    const again = await call(url, api.token, 'POST', { roleIds: [one.id, two.id] });
    expect(linkChangesGuard.parse(await again.json())).toEqual({ added: [two.id] });
    const replaced = await call(url, api.token, 'PUT', { roleIds: [two.id] });
    expect({ status: replaced.status, body: linkChangesGuard.parse(await replaced.json()) }).toEqual({ status: 200, body: { added: [], removed: [one.id] } });
    const listed = z.array(roleListItemGuard).parse(await (await call(url, api.token, 'GET')).json());
    expect(listed.map((role) => ({ id: role.id, applicationsCount: role.applicationsCount }))).toEqual([{ id: two.id, applicationsCount: 1 }]);
    expect((await call(`${url}/${two.id}`, api.token, 'DELETE')).status).toBe(204);
    await expectError(await call(`${url}/${two.id}`, api.token, 'DELETE'), 404, 'entity.not_exists_with_id');
  });

  test("deleting an app deletes its secrets and role links, and ends its grants, tokens and sessions' authorizations", async () => {
    const job = await createApplication(api, { name: 'Doomed', type: 'MachineToMachine' });
    const kept = await createApplication(api, { name: 'Kept', type: 'MachineToMachine' });
    const role = await createRole(api, { name: 'doomed-role', type: 'MachineToMachine' });
    await call(`${api.base}/applications/${job.id}/roles`, api.token, 'POST', { roleIds: [role.id] });
    const row = (model: string, id: string, payload: Record<string, unknown>) => ({ tenantId: api.tenantId, model, id, payload, grantId: null });
    await server.db.insert(oidcModels).values([
      row('Grant', 'grant-doomed', { clientId: job.id, accountId: 'u1' }),
      row('AccessToken', 'at-doomed', { clientId: job.id, grantId: 'grant-doomed' }),
      row('RefreshToken', 'rt-doomed', { clientId: job.id, grantId: 'grant-doomed' }),
      row('ClientCredentials', 'cc-doomed', { clientId: job.id }),
      row('Interaction', 'int-doomed', { params: { client_id: job.id } }),
      row('Grant', 'grant-kept', { clientId: kept.id }),
      row('Session', 'session', { authorizations: { [job.id]: { grantId: 'grant-doomed' }, [kept.id]: { grantId: 'grant-kept' } } }),
    ]);
    expect((await call(`${api.base}/applications/${job.id}`, api.token, 'DELETE')).status).toBe(204);
    const left = await server.db.select({ id: oidcModels.id, payload: oidcModels.payload }).from(oidcModels);
    expect(left.filter((model) => /doomed|kept|^session$/.test(model.id))).toEqual([
      { id: 'grant-kept', payload: { clientId: kept.id } },
      { id: 'session', payload: { authorizations: { [kept.id]: { grantId: 'grant-kept' } } } },
    ]);
    expect((await secretRows(server, api.tenantId)).filter((secret) => secret.applicationId === job.id)).toEqual([]);
    expect((await applicationRoleRows(server, api.tenantId)).filter((link) => link.applicationId === job.id)).toEqual([]);
    await expectError(await call(`${api.base}/applications/${job.id}`, api.token, 'GET'), 404, 'entity.not_exists_with_id');
    await expectError(await call(`${api.base}/applications/${job.id}`, api.token, 'DELETE'), 404, 'entity.not_exists_with_id');
  });

  test("an app's own sign-in experience: none until the first PUT, which sets it whole; another tenant's app is not found", async () => {
    const web = await createApplication(api, { name: 'Branded', type: 'SPA' });
    const url = `${api.base}/applications/${web.id}/sign-in-experience`;
    await expectError(await call(url, api.token, 'GET'), 404, 'application.sign_in_experience_not_found');
    const experience = {
      color: { primaryColor: '#0a7', darkPrimaryColor: '#33cc99' },
      branding: { logoUrl: 'https://cdn.example.test/logo.svg', darkLogoUrl: null },
      termsOfUseUrl: 'https://example.test/terms',
      privacyPolicyUrl: null,
      displayName: 'Branded Shop',
    };
    expect(await (await call(url, api.token, 'PUT', experience)).json()).toEqual(experience);
    expect(await (await call(url, api.token, 'GET')).json()).toEqual(experience);
    const changed = { ...experience, color: { primaryColor: null, darkPrimaryColor: null }, displayName: null };
    expect((await call(url, api.token, 'PUT', changed)).status).toBe(200);
    expect(await (await call(url, api.token, 'GET')).json()).toEqual(changed);

    for (const [invalid, path] of [
      [{ ...experience, color: { primaryColor: 'red', darkPrimaryColor: null } }, 'color.primaryColor'],
      [{ ...experience, branding: { logoUrl: 'javascript:alert(1)', darkLogoUrl: null } }, 'branding.logoUrl'],
      [{ ...experience, termsOfUseUrl: `https://example.test/${'a'.repeat(2048)}` }, 'termsOfUseUrl'],
    ] as const) {
      const refused = await expectError(await call(url, api.token, 'PUT', invalid), 400, 'guard.invalid_input');
      expect(refused.details).toEqual([expect.objectContaining({ path })]);
    }

    const other = await openTenant(server, user, planIds.development);
    const elsewhere = `${other.base}/applications/${web.id}/sign-in-experience`;
    await expectError(await call(elsewhere, other.token, 'GET'), 404, 'entity.not_exists_with_id');
    await expectError(await call(elsewhere, other.token, 'PUT', experience), 404, 'entity.not_exists_with_id');
    expect(await (await call(url, api.token, 'GET')).json()).toEqual(changed);
  });
});
