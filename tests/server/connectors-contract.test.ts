import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { connectorFactoryGuard, connectorResponseGuard, type ConnectorResponse } from '#schemas/connector.ts';
import { connectors } from '#server/db/idp.ts';
import { openSecrets } from '#server/tenant/connectors/sealed-config.ts';
import { listLogs } from './log-support.ts';
import { adminOf, connectorsApi, type ConnectorsApi } from './connectors-support.ts';
import { call, expectError, startTestServer, type TestServer, type TestUser } from './support.ts';

/** The connectors routes (connectors.md §0 and §5): every route, the rules and their errors, scopes, tenants, secrets. */

let server: TestServer;
let admin: TestUser;
let api: ConnectorsApi;

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await adminOf(server);
  api = await connectorsApi(server, admin);
});
afterAll(() => server?.close());

const rowsOf = (tenantId: string) => server.db.select().from(connectors).where(eq(connectors.tenantId, tenantId));
const created = async (response: Response) => {
  expect(response.status, await response.clone().text()).toBe(200);
  return connectorResponseGuard.parse(await response.json());
};
const devMailbox = (senderName = 'Acme') => ({ connectorId: 'dev-mailbox', config: { senderName } });
const httpEmail = { connectorId: 'http-email', config: { endpoint: 'http://127.0.0.1:9/send', authorization: 'Bearer never-answered-1234' } };
const emailCodes = { signUp: { identifiers: ['email'], password: true, verify: true } };

describe('factories', () => {
  test('lists the built-in e-mail and SMS factories with their form, guide and names in every language; one by id; unknown 404', async () => {
    const listed = (await (await api.send('GET', '/connector-factories')).json()) as unknown[];
    const factories = listed.map((factory) => connectorFactoryGuard.parse(factory));
    expect(factories.map((factory) => factory.id)).toEqual(expect.arrayContaining(['dev-mailbox', 'smtp', 'http-email', 'dev-sms', 'http-sms']));
    const smtp = factories.find((factory) => factory.id === 'smtp')!;
    expect(smtp).toMatchObject({ type: 'Email', isStandard: false, isDemo: false, name: { en: 'SMTP' } });
    expect(Object.keys(smtp.name)).toHaveLength(16);
    expect(smtp.readme).toMatch(/^# SMTP/);
    expect(smtp.formItems?.find((item) => item.key === 'password')).toMatchObject({ isConfidential: true });
    expect(await (await api.send('GET', '/connector-factories/smtp')).json()).toEqual(smtp);
    await expectError(await api.send('GET', '/connector-factories/no-such'), 404, 'connector.not_found');
  });
});

describe('connectors', () => {
  test('create, get, list, patch, delete an e-mail connector, each logged', async () => {
    const since = Date.now();
    const connector = await created(await api.send('POST', '/connectors', { ...devMailbox(), id: 'mail-1' }));
    expect(connector).toMatchObject({ id: 'mail-1', connectorId: 'dev-mailbox', type: 'Email', target: 'dev-mailbox', config: { senderName: 'Acme' }, usedBy: [] });
    expect(connector.callbackUri).toBeUndefined();
    expect(await (await api.send('GET', '/connectors/mail-1')).json()).toEqual(connector);
    expect(await (await api.send('GET', '/connectors?target=dev-mailbox')).json()).toEqual([connector]);
    expect(await (await api.send('GET', '/connectors?target=smtp')).json()).toEqual([]);
    const patched = await created(await api.send('PATCH', '/connectors/mail-1', { config: { senderName: 'Acme Mail' } }));
    expect(patched.config).toEqual({ senderName: 'Acme Mail' });
    expect((await api.send('DELETE', '/connectors/mail-1')).status).toBe(204);
    await expectError(await api.send('GET', '/connectors/mail-1'), 404, 'connector.not_found');
    const keys = (await listLogs(api, `?page_size=100&start_time=${since}`)).items.map((item) => `${item.key} ${item.payload.targetId}`);
    expect(keys.toReversed()).toEqual(['Management.Connector.Created mail-1', 'Management.Connector.Updated mail-1', 'Management.Connector.Deleted mail-1']);
  });

  test('a new e-mail connector replaces the one there is, in one write; the SMS connector stays', async () => {
    const tenant = await connectorsApi(server, admin);
    const first = await created(await tenant.send('POST', '/connectors', devMailbox()));
    const sms = await created(await tenant.send('POST', '/connectors', { connectorId: 'dev-sms', config: {} }));
    await expectError(await tenant.send('POST', '/connectors', { connectorId: 'smtp', config: {} }), 400, 'connector.invalid_config_guard');
    expect((await rowsOf(tenant.tenantId)).map((row) => row.id).toSorted()).toEqual([first.id, sms.id].toSorted());
    const second = await created(await tenant.send('POST', '/connectors', httpEmail));
    const rows = await rowsOf(tenant.tenantId);
    expect(rows.map((row) => row.id).toSorted()).toEqual([second.id, sms.id].toSorted());
    await expectError(await tenant.send('GET', `/connectors/${first.id}`), 404, 'connector.not_found');
    const keys = (await listLogs(tenant, '?page_size=100')).items.map((item) => `${item.key} ${item.payload.targetId}`).filter((key) => key.startsWith('Management.Connector.'));
    expect(keys.slice(0, 2).toSorted()).toEqual([`Management.Connector.Created ${second.id}`, `Management.Connector.Deleted ${first.id}`].toSorted());
  });

  test('the rules of connectors.md §0 answer their codes and write nothing', async () => {
    const tenant = await connectorsApi(server, admin);
    const refusals: Array<[unknown, number, string]> = [
      [{ connectorId: 'no-such-factory' }, 422, 'connector.not_found_with_connector_id'],
      [{ ...devMailbox(), syncProfile: true }, 422, 'connector.invalid_type_for_syncing_profile'],
      [{ ...devMailbox(), metadata: { target: 'mine' } }, 400, 'connector.invalid_metadata'],
      [{ connectorId: 'smtp', config: { host: 'smtp.acme.test', port: 'x' } }, 400, 'connector.invalid_config_guard'],
      [{ ...devMailbox(), id: 'bad id!' }, 400, 'guard.invalid_input'],
    ];
    for (const [body, status, code] of refusals) await expectError(await tenant.send('POST', '/connectors', body), status, code);
    const guard = await expectError(await tenant.send('POST', '/connectors', { connectorId: 'smtp', config: { host: 'smtp.acme.test', port: 'x' } }), 400, 'connector.invalid_config_guard');
    expect(guard.details).toEqual(
      expect.arrayContaining([
        { path: 'config.port', code: 'custom', message: 'Must be a number.', params: { problem: 'number' } },
        { path: 'config.fromAddress', code: 'custom', message: 'Required.', params: { problem: 'required' } },
      ]),
    );
    expect(await rowsOf(tenant.tenantId)).toEqual([]);
    const mail = await created(await tenant.send('POST', '/connectors', { ...devMailbox(), id: 'taken' }));
    await expectError(await tenant.send('POST', '/connectors', { connectorId: 'dev-sms', id: 'taken' }), 400, 'guard.invalid_input');
    await expectError(await tenant.send('PATCH', `/connectors/${mail.id}`, { syncProfile: true }), 422, 'connector.invalid_type_for_syncing_profile');
    await expectError(await tenant.send('PATCH', `/connectors/${mail.id}`, { metadata: { name: { en: 'Mine' } } }), 400, 'connector.invalid_metadata');
    await expectError(await tenant.send('PATCH', `/connectors/${mail.id}`, { config: { senderName: '' } }), 400, 'connector.invalid_config_guard');
    await expectError(await tenant.send('PATCH', '/connectors/nothing', { config: {} }), 404, 'connector.not_found');
    await expectError(await tenant.send('DELETE', '/connectors/nothing'), 404, 'connector.not_found');
    expect((await rowsOf(tenant.tenantId)).map((row) => row.config)).toEqual([{ senderName: 'Acme' }]);
  });

  test('a confidential value is never answered and is sealed at rest; a PATCH with null keeps it, a new value replaces it', async () => {
    const connector = await created(await api.send('POST', '/connectors', httpEmail));
    expect(connector.config).toEqual({ endpoint: 'http://127.0.0.1:9/send', authorization: null });
    const unset = await created(await api.send('POST', '/connectors', { connectorId: 'http-sms', config: { endpoint: 'http://127.0.0.1:9/sms', authorization: null } }));
    expect(unset.config).toEqual({ endpoint: 'http://127.0.0.1:9/sms' });
    const stored = async () => (await server.db.select().from(connectors).where(and(eq(connectors.tenantId, api.tenantId), eq(connectors.id, connector.id))))[0]!;
    const sealed = await stored();
    expect(JSON.stringify(sealed)).not.toContain('never-answered-1234');
    expect(sealed.config).toEqual({ endpoint: 'http://127.0.0.1:9/send' });
    const kept = await created(await api.send('PATCH', `/connectors/${connector.id}`, { config: { authorization: null, endpoint: 'http://127.0.0.1:9/other' } }));
    expect(kept.config).toEqual({ endpoint: 'http://127.0.0.1:9/other', authorization: null });
    expect(openSecrets(await stored())).toEqual({ authorization: 'Bearer never-answered-1234' });
    await created(await api.send('PATCH', `/connectors/${connector.id}`, { config: { authorization: 'Bearer replaced-5678' } }));
    const replaced = await stored();
    expect(openSecrets(replaced)).toEqual({ authorization: 'Bearer replaced-5678' });
    expect(JSON.stringify(replaced)).not.toContain('replaced-5678');
    const listed = JSON.stringify(await (await api.send('GET', '/connectors')).json());
    expect(listed).not.toContain('replaced-5678');
    const logs = JSON.stringify(await listLogs(api, '?page_size=100'));
    expect(logs).not.toContain('replaced-5678');
    expect(logs).not.toContain('never-answered-1234');
  });
});

describe('the sign-in experience', () => {
  test('e-mail codes need an e-mail connector; one in use says so (usedBy) and is not deleted (422); free again, it is', async () => {
    const tenant = await connectorsApi(server, admin);
    await expectError(await tenant.send('PATCH', '/sign-in-exp', emailCodes), 400, 'sign_in_experiences.enabled_connector_not_found');
    const mail: ConnectorResponse = await created(await tenant.send('POST', '/connectors', devMailbox()));
    expect((await tenant.send('PATCH', '/sign-in-exp', emailCodes)).status).toBe(200);
    expect(connectorResponseGuard.parse(await (await tenant.send('GET', `/connectors/${mail.id}`)).json()).usedBy).toEqual(['signUp']);
    const refused = await expectError(await tenant.send('DELETE', `/connectors/${mail.id}`), 422, 'connector.in_use_by_sign_in_experience');
    expect(refused.details).toEqual({ type: 'Email' });
    expect(await rowsOf(tenant.tenantId)).toHaveLength(1);
    const passwordOnly = { signUp: { identifiers: ['email'], password: true, verify: false }, signIn: { methods: [{ identifier: 'email', password: true, verificationCode: false, isPasswordPrimary: true }] } };
    expect((await tenant.send('PATCH', '/sign-in-exp', passwordOnly)).status).toBe(200);
    expect((await tenant.send('DELETE', `/connectors/${mail.id}`)).status).toBe(204);
  });
});

describe('access', () => {
  test('401 without a token; reading needs read:data, writing write:data, deleting delete:data', async () => {
    const mail = await created(await api.send('POST', '/connectors', devMailbox()));
    await expectError(await call(api.connectors, undefined, 'GET'), 401, 'auth.authorization_header_missing');
    const readOnly = await api.scoped('read:data');
    expect((await api.send('GET', '/connectors', undefined, readOnly)).status).toBe(200);
    expect((await api.send('GET', '/connector-factories', undefined, readOnly)).status).toBe(200);
    const writes: Array<[string, string, unknown]> = [
      ['POST', '/connectors', devMailbox()],
      ['PATCH', `/connectors/${mail.id}`, { config: { senderName: 'X' } }],
      ['POST', '/connectors/dev-mailbox/test', { email: 'a@example.com', config: { senderName: 'X' } }],
      ['POST', `/connectors/${mail.id}/authorization-uri`, { state: 's', redirectUri: 'http://localhost/cb' }],
    ];
    for (const [method, path, body] of writes) {
      const refused = await expectError(await api.send(method, path, body, readOnly), 403, 'auth.insufficient_scope');
      expect(refused.details).toEqual({ requiredScope: 'write:data' });
    }
    const writeOnly = await api.scoped('write:data');
    expect((await expectError(await api.send('DELETE', `/connectors/${mail.id}`, undefined, writeOnly), 403, 'auth.insufficient_scope')).details).toEqual({
      requiredScope: 'delete:data',
    });
    expect((await api.send('GET', `/connectors/${mail.id}`)).status).toBe(200);
  });

  test("another tenant's connector is not found there, and stays as it was", async () => {
    const mail = await created(await api.send('POST', '/connectors', devMailbox('Kept')));
    const other = await connectorsApi(server, await adminOf(server));
    const before = await rowsOf(api.tenantId);
    await expectError(await other.send('GET', `/connectors/${mail.id}`), 404, 'connector.not_found');
    await expectError(await other.send('PATCH', `/connectors/${mail.id}`, { config: { senderName: 'Taken' } }), 404, 'connector.not_found');
    await expectError(await other.send('DELETE', `/connectors/${mail.id}`), 404, 'connector.not_found');
    await expectError(await other.send('POST', `/connectors/${mail.id}/authorization-uri`, { state: 's', redirectUri: 'http://localhost/cb' }), 404, 'connector.not_found');
    expect(await (await other.send('GET', '/connectors')).json()).toEqual([]);
    expect(await rowsOf(api.tenantId)).toEqual(before);
  });
});

test('an authorization URI is for social connectors only, a test send for e-mail and SMS ones', async () => {
  const mail = await created(await api.send('POST', '/connectors', devMailbox()));
  await expectError(await api.send('POST', `/connectors/${mail.id}/authorization-uri`, { state: 's', redirectUri: 'http://localhost/cb' }), 400, 'connector.unexpected_type');
  await expectError(await api.send('POST', '/connectors/dev-mailbox/test', { email: 'a@example.com', phone: '+1555', config: {} }), 400, 'guard.invalid_input');
  await expectError(await api.send('POST', '/connectors/oidc/test', { email: 'a@example.com', config: {} }), 400, 'connector.unexpected_type');
  await expectError(await api.send('POST', '/connectors/no-such/test', { email: 'a@example.com', config: {} }), 404, 'connector.not_found');
});
