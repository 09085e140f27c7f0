import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planIds } from '#schemas/quota.ts';
import { defaultSignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { startServer } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import * as schema from '#server/db/schema.ts';
import { customPhrasesOf, signInExperienceSettingsOf } from '#server/tenant/sign-in-experience/cached.ts';
import { freePort } from '../support/server.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { patchSettings, send } from './sign-in-experience-support.ts';
import { freshPostgresSchema, postgresUrl, signUpUser, startTestServer, type TestServer } from './support.ts';

/**
 * Another process's view of the server's database: a handle of its own on the same data, so a cache of its own, that
 * counts the statements it runs.
 */
const otherProcessOf = (server: TestServer) => {
  const statements: string[] = [];
  const logger: Logger = { logQuery: (query) => void statements.push(query) };
  const client = (server.db as unknown as { $client: never }).$client;
  const db = (server.databaseKind === 'pglite' ? drizzlePglite({ client, schema, logger }) : drizzlePostgres({ client, schema, logger })) as unknown as Db;
  return { db, statements };
};

describe('the sign-in experience as the sign-in pages read it', () => {
  let server: TestServer;
  let api: ManagementApi;

  beforeAll(async () => {
    server = await startTestServer('cloud');
    api = await openTenant(server, await signUpUser(server, 'cache'), planIds.development);
  });
  afterAll(() => server?.close());

  test('reads one version per call while the document is unchanged, and sees a write made elsewhere on its next call', async () => {
    const other = otherProcessOf(server);
    const first = await signInExperienceSettingsOf(other.db, api.tenantId, 'cloud');
    expect(first).toEqual(defaultSignInExperienceSettings('cloud'));
    other.statements.length = 0;
    expect(await signInExperienceSettingsOf(other.db, api.tenantId, 'cloud')).toBe(first);
    expect(other.statements).toEqual([expect.stringMatching(/^select "version" from "idp"\."sign_in_experiences"/)]);

    await patchSettings(api, { color: { primaryColor: '#0a7d4f', isDarkModeEnabled: false, darkPrimaryColor: '#2fa36f' } });
    const changed = await signInExperienceSettingsOf(other.db, api.tenantId, 'cloud');
    expect(changed.color.primaryColor).toBe('#0a7d4f');
    expect(await signInExperienceSettingsOf(other.db, api.tenantId, 'cloud')).toBe(changed);
    await patchSettings(api, { signInMode: 'SignIn' });
    expect(await signInExperienceSettingsOf(other.db, api.tenantId, 'cloud')).toMatchObject({ signInMode: 'SignIn', color: { primaryColor: '#0a7d4f' } });
  });

  test('answers a frozen document, so no caller changes it for the others', async () => {
    const settings = await signInExperienceSettingsOf(server.db, api.tenantId, 'cloud');
    expect(() => {
      (settings.color as { primaryColor: string }).primaryColor = '#000';
    }).toThrow(TypeError);
    expect(defaultSignInExperienceSettings('cloud').passwordPolicy).not.toBe(settings.passwordPolicy);
    expect(Object.isFrozen(defaultSignInExperienceSettings('cloud').passwordPolicy)).toBe(false);
  });

  test("custom phrases: a language's phrases as last written elsewhere, none once deleted", async () => {
    const other = otherProcessOf(server);
    expect(await (await customPhrasesOf(other.db, api.tenantId)).of('fr')).toBeUndefined();
    const url = `${api.base}/custom-phrases/fr`;
    expect((await send(url, api.token, 'PUT', { signIn: { title: 'Connexion' } })).status).toBe(200);
    const phrases = await customPhrasesOf(other.db, api.tenantId);
    expect(phrases.languages).toEqual(['fr']);
    const read = await phrases.of('fr');
    expect(read).toEqual({ signIn: { title: 'Connexion' } });
    other.statements.length = 0;
    expect(await (await customPhrasesOf(other.db, api.tenantId)).of('fr')).toBe(read);
    expect(other.statements).toHaveLength(1);
    expect((await send(url, api.token, 'PUT', { signIn: { title: 'Se connecter' } })).status).toBe(200);
    expect(await (await customPhrasesOf(other.db, api.tenantId)).of('fr')).toEqual({ signIn: { title: 'Se connecter' } });
    expect((await send(url, api.token, 'DELETE')).status).toBe(204);
    expect(await (await customPhrasesOf(other.db, api.tenantId)).of('fr')).toBeUndefined();
  });
});

describe('two servers on one PostgreSQL', () => {
  const stops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });

  test.skipIf(!postgresUrl)("a PATCH through one server's API is what the other's sign-in pages read next", async () => {
    const database = (await freshPostgresSchema())!;
    stops.push(database.drop);
    const start = async () => {
      const config = loadConfig({ PORT: String(await freePort()), EDITION: 'cloud', DATABASE_URL: database.url });
      const started = await startServer(config);
      stops.push(started.close);
      return { ...started, config };
    };
    const first = await start();
    const second = await start();
    const api = await openTenant(first, await signUpUser(first, 'shared'), planIds.development);
    expect((await signInExperienceSettingsOf(second.db, api.tenantId, 'cloud')).signInMode).toBe('SignInAndRegister');
    await patchSettings(api, { signInMode: 'Register' });
    expect((await signInExperienceSettingsOf(second.db, api.tenantId, 'cloud')).signInMode).toBe('Register');
  });
});
