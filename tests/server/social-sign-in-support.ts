import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import * as client from 'openid-client';
import { expect } from 'vitest';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { hashPassword } from '#server/accounts/password-sign-in.ts';
import type { Db } from '#server/db/client.ts';
import { logs, users } from '#server/db/idp.ts';
import { loadSecretsKey } from '#server/secrets-key.ts';
import { socialCallbackUri } from '#server/tenant/connectors/callback-uri.ts';
import { factoryOf } from '#server/tenant/connectors/factories/index.ts';
import { confidentialKeys, sealConfig } from '#server/tenant/connectors/sealed-config.ts';
import { insertConnectorRow } from '#server/tenant/connectors/store.ts';
import { readSignInExperience, writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { insertUser } from '#server/tenant/users/store.ts';
import { Browser } from '#tests/support/oidc-client.ts';
import { createTenant } from './billing-support.ts';
import { authorizationRequest, redirectUri, relyingParty } from './conformance/support.ts';
import { signUpUser, startTestServer, type TestServer } from './support.ts';
import { tenantData } from './tenant-runtime-support.ts';

/**
 * The social sign-in tests' world (connectors.md §9 C and D): tenant A, whose app signs people in with social
 * connectors, and tenant B, whose issuer is A's OpenID Connect provider, on one server. Connectors and the sign-in
 * experience are written into the tenant's tables as the management API stores them.
 */

const secretsKey = randomBytes(32).toString('base64url');
export const password = 'Tr4il-Mossy-Kettle-9';

export const startSocialWorld = async () => {
  const server = await startTestServer('cloud', { SECRETS_KEY: secretsKey });
  const owner = await signUpUser(server, 'owner');
  const [a, b] = [(await createTenant(server, owner, { name: 'Shop' })).id, (await createTenant(server, owner, { name: 'Provider' })).id];
  const uris = { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } };
  const appId = await tenantData(server.db, a).application('Traditional', uris);
  const appSecret = await tenantData(server.db, a).secret(appId);
  return { server, owner, a, b, issuerOf: (tenantId: string) => `${server.url}/t/${tenantId}/oidc`, app: { id: appId, secret: appSecret } };
};
export type SocialWorld = Awaited<ReturnType<typeof startSocialWorld>>;

/** A connector of the tenant, stored as POST /connectors stores it (its confidential values sealed). */
export const addConnector = async (
  server: TestServer,
  tenantId: string,
  connector: { id: string; factory: string; target?: string; config?: Record<string, unknown>; syncProfile?: boolean; name?: string },
) => {
  const factory = factoryOf(connector.factory)!;
  const checked = factory.checkConfig(connector.config ?? {});
  if (!checked.ok) throw new Error(`config refused: ${JSON.stringify(checked.fields)}`);
  const key = await loadSecretsKey({ secretsKey, databaseUrl: undefined, pgliteDir: 'memory://' });
  const sealed = sealConfig(key, tenantId, connector.id, checked.config, confidentialKeys(factory.info.formItems));
  const target = connector.target ?? factory.info.target;
  await insertConnectorRow(server.db, tenantId, {
    id: connector.id,
    connectorId: factory.info.id,
    type: 'Social',
    target,
    platform: factory.info.platform,
    syncProfile: connector.syncProfile ?? false,
    ...sealed,
    metadata: factory.info.isStandard ? { target, name: { en: connector.name ?? target } } : {},
  });
  return socialCallbackUri(server.config.publicUrl, tenantId, connector.id);
};

/** The tenant's sign-in experience with these social buttons (and `patch` over it). */
export const offerSocial = async (db: Db, tenantId: string, targets: string[], patch: Partial<SignInExperienceSettings> = {}) => {
  const { settings } = await readSignInExperience(db, tenantId, 'cloud');
  await writeSignInExperience(db, tenantId, { ...settings, socialSignInConnectorTargets: targets, ...patch });
};

/** A user of a tenant with a password and an e-mail, verified by an admin or not. */
export const userWithEmail = async (db: Db, tenantId: string, email: string, { verified, name }: { verified: boolean; name?: string }) =>
  insertUser(db, tenantId, {
    username: `u_${randomBytes(4).toString('hex')}`,
    name: name ?? null,
    primaryEmail: email,
    primaryEmailVerifiedBy: verified ? 'admin' : null,
    passwordEncrypted: await hashPassword(password),
    passwordEncryptionMethod: 'Argon2id',
  });

/** Tenant B as A's OpenID Connect provider: a Traditional app there with A's callback URI, and the connector in A. */
export const connectTenantB = async (world: SocialWorld, connectorId = 'tenant-b-oidc') => {
  const { server, a, b } = world;
  const callbackUri = socialCallbackUri(server.config.publicUrl, a, connectorId);
  const clientId = await tenantData(server.db, b).application('Traditional', { oidcClientMetadata: { redirectUris: [callbackUri], postLogoutRedirectUris: [] } });
  const clientSecret = await tenantData(server.db, b).secret(clientId);
  await addConnector(server, a, {
    id: connectorId,
    factory: 'oidc',
    target: 'tenant-b',
    name: 'Tenant B',
    config: { issuer: world.issuerOf(b), clientId, clientSecret, scope: 'openid profile email' },
  });
  return { clientId, callbackUri };
};

export const usersOf = (db: Db, tenantId: string) => db.select().from(users).where(eq(users.tenantId, tenantId));
export const userById = async (db: Db, tenantId: string, id: string) =>
  (await db.select().from(users).where(and(eq(users.tenantId, tenantId), eq(users.id, id))))[0];

/** A browser at tenant A's app: the authorization request (openid-client, from A's discovery alone) and its walk. */
export const startAtA = async (world: SocialWorld, params: Record<string, string> = {}) => {
  const rp = await relyingParty(world.issuerOf(world.a), world.app.id, world.app.secret);
  const { url, checks } = await authorizationRequest(rp, { prompt: 'login', scope: 'openid profile email', ...params });
  const browser = new Browser(world.server.url);
  const page = await walk(browser, await browser.request(url.href), url.href);
  return { rp, checks, browser, page };
};

export type Landing = { url: string; status: number; html: string; atApp: boolean };

/** Follows redirects to a page (its HTML) or to A's app (its callback URL). */
export const walk = async (browser: Browser, response: Response, from: string): Promise<Landing> => {
  const landed = await browser.follow(response, from, redirectUri);
  const atApp = landed.url.startsWith(redirectUri);
  return { url: landed.url, status: landed.response.status, html: atApp ? '' : await landed.response.text(), atApp };
};

/** Posts a form of the page at `page.url` (its action path relative to the page) and walks on. */
export const post = async (browser: Browser, page: Landing, step: string, fields: Record<string, string>) => {
  const action = `${page.url.replace(/\/(password|register|social|social-callback)(\?.*)?$/, '')}/${step}`;
  return walk(browser, await browser.postForm(action, fields), action);
};

/** The form action of a page's form posting `name=value`, e.g. the social button of a target. */
export const hasButton = (html: string, target: string) => html.includes(`name="target" value="${target}"`);

/** Signs in at B's page with a B user's password: answers where the browser lands (A's app, or a page of A). */
export const signInAtB = async (browser: Browser, page: Landing, username: string) => {
  expect(page.url).toContain('/sign-in/');
  return post(browser, page, 'password', { identifier: username, password });
};

/** A's tokens for the app's callback, checked by openid-client knowing only A's discovery. */
export const tokensAtApp = (rp: client.Configuration, landing: Landing, checks: Awaited<ReturnType<typeof authorizationRequest>>['checks']) =>
  client.authorizationCodeGrant(rp, new URL(landing.url), checks);

/** The tenant's audit log: each entry's key, user and payload. */
export const logsOf = (db: Db, tenantId: string) => db.select({ key: logs.key, userId: logs.userId, payload: logs.payload }).from(logs).where(eq(logs.tenantId, tenantId));
