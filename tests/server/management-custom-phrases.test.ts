import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { organizationIdOf } from '#schemas/constants.ts';
import { translationMaxDepth, translationMaxEntries } from '#schemas/custom-phrases.ts';
import { planIds } from '#schemas/quota.ts';
import { customPhrases } from '#server/db/idp.ts';
import { de } from '#server/i18n/locales/de.ts';
import { en } from '#server/i18n/locales/en.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { listLogs } from './log-support.ts';
import { patchSettings, send } from './sign-in-experience-support.ts';
import { expectError, signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

let server: TestServer;
let admin: TestUser;
let api: ManagementApi;

beforeAll(async () => {
  server = await startTestServer('cloud');
  admin = await signUpUser(server, 'phrases');
  api = await openTenant(server, admin, planIds.development);
});
afterAll(() => server?.close());

const rows = (tenantId: string) =>
  server.db.select({ languageTag: customPhrases.languageTag, translation: customPhrases.translation }).from(customPhrases).where(eq(customPhrases.tenantId, tenantId)).orderBy(asc(customPhrases.languageTag));

const phrases = (tenant: ManagementApi, languageTag = '') => `${tenant.base}/custom-phrases${languageTag ? `/${languageTag}` : ''}`;

const put = async (tenant: ManagementApi, languageTag: string, translation: unknown) => {
  const response = await send(phrases(tenant, languageTag), tenant.token, 'PUT', translation);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
};

test('PUT sets one language, GET reads it and lists all, PUT again replaces it, DELETE removes it; each write is logged', async () => {
  const tenant = await openTenant(server, admin, planIds.development);
  const since = Date.now();
  const french = { signIn: { title: 'Connexion', submit: 'Continuer' }, footer: 'Aide' };
  expect(await put(tenant, 'fr-CA', french)).toEqual({ languageTag: 'fr-CA', translation: french });
  await put(tenant, 'de', { signIn: { title: 'Anmelden' } });
  expect(await (await send(phrases(tenant), tenant.token, 'GET')).json()).toEqual([
    { languageTag: 'de', translation: { signIn: { title: 'Anmelden' } } },
    { languageTag: 'fr-CA', translation: french },
  ]);
  expect(await (await send(phrases(tenant, 'fr-CA'), tenant.token, 'GET')).json()).toEqual({ languageTag: 'fr-CA', translation: french });
  await put(tenant, 'fr-CA', { footer: 'Soutien' });
  expect(await rows(tenant.tenantId)).toEqual([
    { languageTag: 'de', translation: { signIn: { title: 'Anmelden' } } },
    { languageTag: 'fr-CA', translation: { footer: 'Soutien' } },
  ]);
  expect((await send(phrases(tenant, 'de'), tenant.token, 'DELETE')).status).toBe(204);
  await expectError(await send(phrases(tenant, 'de'), tenant.token, 'GET'), 404, 'entity.not_exists_with_id');
  await expectError(await send(phrases(tenant, 'de'), tenant.token, 'DELETE'), 404, 'entity.not_exists_with_id');
  const logged = (await listLogs(tenant, `?start_time=${since}&page_size=20`)).items.reverse().filter((item) => item.key.startsWith('Management.CustomPhrase'));
  expect(logged.map((item) => [item.key, item.payload.targetId])).toEqual([
    ['Management.CustomPhrase.Created', 'fr-CA'],
    ['Management.CustomPhrase.Created', 'de'],
    ['Management.CustomPhrase.Updated', 'fr-CA'],
    ['Management.CustomPhrase.Deleted', 'de'],
  ]);
  expect(logged[2]!.payload.changes).toEqual({ translation: { from: french, to: { footer: 'Soutien' } } });
});

test('a custom language can be the fallback language, and cannot be deleted while it is', async () => {
  const tenant = await openTenant(server, admin, planIds.development);
  await put(tenant, 'nl-BE', { signIn: { title: 'Aanmelden' } });
  await patchSettings(tenant, { languageInfo: { autoDetect: false, fallbackLanguage: 'nl-BE' } });
  await expectError(await send(phrases(tenant, 'nl-BE'), tenant.token, 'DELETE'), 409, 'localization.cannot_delete_default_language');
  expect(await rows(tenant.tenantId)).toHaveLength(1);
  await patchSettings(tenant, { languageInfo: { autoDetect: false, fallbackLanguage: 'en' } });
  expect((await send(phrases(tenant, 'nl-BE'), tenant.token, 'DELETE')).status).toBe(204);
});

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

test.each<[string, unknown]>([
  ['a phrase that is a number', { signIn: { title: 42 } }],
  ['a list', ['Connexion']],
  ['a string', '"Connexion"'],
  ['null in a phrase', { signIn: null }],
  ['an empty key', { '': 'x' }],
  [`more than ${translationMaxDepth} levels`, nested(translationMaxDepth + 1)],
  ['thousands of levels', `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`],
  [`more than ${translationMaxEntries} keys`, Object.fromEntries(Array.from({ length: translationMaxEntries + 1 }, (_, n) => [`k${n}`, 'v']))],
])('refuses %s with 422 localization.invalid_translation_structure, writing nothing', async (_, body) => {
  await expectError(await send(phrases(api, 'fr'), api.token, 'PUT', body), 422, 'localization.invalid_translation_structure');
  expect(await rows(api.tenantId)).toEqual([]);
});

test('takes phrases as deep as the bound; a body beyond 64 KiB is refused before it is read', async () => {
  const tenant = await openTenant(server, admin, planIds.development);
  await put(tenant, 'fr', nested(translationMaxDepth));
  await expectError(await send(phrases(tenant, 'it'), tenant.token, 'PUT', { huge: 'x'.repeat(64 * 1024) }), 413, 'guard.body_too_large');
  expect((await rows(tenant.tenantId)).map((row) => row.languageTag)).toEqual(['fr']);
});

test('a language tag that is not BCP 47 in its canonical case is 400', async () => {
  for (const tag of ['EN', 'en_US', 'english-language-x', 'fr-ca']) {
    const body = await expectError(await send(phrases(api, tag), api.token, 'PUT', { a: 'b' }), 400, 'guard.invalid_input');
    expect(body.details).toEqual([expect.objectContaining({ path: 'languageTag' })]);
    await expectError(await send(phrases(api, tag), api.token, 'GET'), 400, 'guard.invalid_input');
  }
  expect(await rows(api.tenantId)).toEqual([]);
});

test("the scopes: read:data reads, write:data puts, delete:data deletes; another tenant's member reaches none", async () => {
  const tenant = await openTenant(server, admin, planIds.development);
  await put(tenant, 'ja', { title: 'サインイン' });
  const readOnly = await admin.session.organizationToken(organizationIdOf(tenant.tenantId), 'read:data');
  expect((await send(phrases(tenant), readOnly, 'GET')).status).toBe(200);
  await expectError(await send(phrases(tenant, 'ja'), readOnly, 'PUT', { title: 'x' }), 403, 'auth.insufficient_scope');
  await expectError(await send(phrases(tenant, 'ja'), readOnly, 'DELETE'), 403, 'auth.insufficient_scope');
  const stranger = await openTenant(server, await signUpUser(server, 'stranger'), planIds.development);
  for (const [method, body] of [['GET'], ['PUT', { title: 'x' }], ['DELETE']] as const) {
    await expectError(await send(phrases(tenant, 'ja'), stranger.token, method, body), 401, 'auth.unauthorized');
  }
  // Its own phrases are its own.
  await expectError(await send(phrases(stranger, 'ja'), stranger.token, 'GET'), 404, 'entity.not_exists_with_id');
  expect(await rows(tenant.tenantId)).toEqual([{ languageTag: 'ja', translation: { title: 'サインイン' } }]);
});

test("GET /sign-in-exp/phrases/{languageTag}: the pages' built-in text a language's phrases go over, the closest built-in language's, else English", async () => {
  const read = async (languageTag: string) => {
    const response = await send(`${api.base}/sign-in-exp/phrases/${languageTag}`, api.token, 'GET');
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json() as Promise<{ languageTag: string; translation: Record<string, unknown> }>;
  };
  const german = await read('de-CH');
  expect(german.languageTag).toBe('de');
  expect(german.translation).toMatchObject({ signInButton: de.pages.signInButton, signInToApp: de.pages.signInToApp('{name}'), password: { too_short: de.pages.password.too_short } });
  const belgian = await read('nl-BE');
  expect(belgian.languageTag).toBe('en');
  expect(belgian.translation.signInButton).toBe(en.pages.signInButton);
  await expectError(await send(`${api.base}/sign-in-exp/phrases/not_a_tag`, api.token, 'GET'), 400, 'guard.invalid_input');
});
