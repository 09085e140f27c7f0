import type { Page } from 'playwright-core';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { Edition } from '#schemas/config.ts';
import { defaultTenantId, organizationIdOf, resourceIndicators } from '#schemas/constants.ts';
import { goTo } from './e2e-steps.ts';
import { signIn } from './oidc-client.ts';

/** Scenario steps for applications and roles in the console, and for what an app does at the tenant's issuer. */

/** Creates an app from a guide card; answers its id and, for a confidential app, the secret the console showed once. */
export const createApplicationFromGuide = async (page: Page, baseUrl: string, tenantId: string, guide: string, name: string) => {
  await goTo(page, baseUrl, `/console/${tenantId}/applications/create?guide=${guide}`);
  const dialog = page.getByRole('dialog', { name: 'Create application' });
  await dialog.getByRole('textbox', { name: 'Application name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create application' }).click();
  const secretShown = page.getByRole('dialog', { name: 'App secret' });
  const landed = page.waitForURL((url) => /\/applications\/[a-z0-9]+\/guide\//.test(url.pathname));
  let secret: string | undefined;
  if (await secretShown.waitFor({ timeout: 15_000 }).then(() => true, () => false)) {
    secret = (await secretShown.locator('pre').innerText()).trim();
    await secretShown.getByRole('button', { name: 'I have copied it' }).click();
  }
  await landed;
  const id = new URL(page.url()).pathname.split('/')[4]!;
  return { id, secret };
};

/** Creates a role with one permission of an API; a machine-to-machine role is then given to the named apps. */
export const createRole = async (
  page: Page,
  baseUrl: string,
  tenantId: string,
  role: { name: string; description: string; type: 'User' | 'Machine-to-machine'; permission: RegExp; apps?: string[] },
) => {
  await goTo(page, baseUrl, `/console/${tenantId}/roles/create`);
  const dialog = page.getByRole('dialog', { name: 'Create role' });
  await dialog.getByRole('textbox', { name: 'Role name' }).fill(role.name);
  if (role.type === 'Machine-to-machine') await dialog.getByRole('radio', { name: /Machine-to-machine role/ }).check();
  await dialog.getByRole('textbox', { name: 'Description' }).fill(role.description);
  await dialog.getByRole('checkbox', { name: role.permission }).check();
  await dialog.getByRole('button', { name: 'Create role' }).click();
  if (role.type === 'Machine-to-machine') {
    const assign = page.getByRole('dialog', { name: 'Assign applications' });
    for (const app of role.apps ?? []) await assign.getByRole('checkbox', { name: new RegExp(app) }).check();
    await assign.getByRole('button', { name: role.apps?.length ? 'Assign' : 'Skip for now' }).click();
  }
  await page.waitForURL((url) => /\/roles\/[a-z0-9]+\/permissions$/.test(url.pathname));
  return new URL(page.url()).pathname.split('/')[4]!;
};

/** What a client knows of a tenant: its endpoint. Everything else comes from the discovery document. */
export const discover = async (endpoint: string) => {
  const response = await fetch(`${endpoint}/oidc/.well-known/openid-configuration`);
  if (response.status !== 200) throw new Error(`discovery answered ${response.status}`);
  return (await response.json()) as { issuer: string; jwks_uri: string; token_endpoint: string };
};

/** A client-credentials token request with the app's id and secret (HTTP Basic). */
export const clientCredentials = async (tokenEndpoint: string, app: { id: string; secret: string }, params: Record<string, string>) => {
  const response = await fetch(tokenEndpoint, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${app.id}:${app.secret}`)}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...params }),
  });
  return { status: response.status, body: (await response.json()) as { access_token?: string; error?: string } };
};

/** Verifies an access token as an API would, knowing only the issuer's discovery document and its own identifier. */
export const verifyAsApi = async (token: string, configuration: { issuer: string; jwks_uri: string }, audience: string): Promise<JWTPayload> =>
  (await jwtVerify(token, createRemoteJWKSet(new URL(configuration.jwks_uri)), { issuer: configuration.issuer, audience })).payload;

/** Adds a redirect URI on an app's settings tab and saves. */
export const addRedirectUri = async (page: Page, baseUrl: string, tenantId: string, appId: string, uri: string) => {
  await goTo(page, baseUrl, `/console/${tenantId}/applications/${appId}/settings`);
  const uris = page.getByRole('group', { name: 'Redirect URIs', exact: true });
  await uris.getByRole('button', { name: 'Add' }).click();
  await uris.getByRole('textbox').last().fill(uri);
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('region', { name: 'Unsaved changes' }).waitFor({ state: 'detached' });
};

export type SpaClaims = {
  idToken: Record<string, unknown>;
  accessToken?: Record<string, unknown>;
  accessTokenJwt?: string;
  defaultAccessToken?: Record<string, unknown>;
};

/** Waits for the test SPA to show that it is signed in, and answers the claims it shows. */
export const spaSignedIn = async (page: Page): Promise<SpaClaims> => {
  const output = page.locator('output[data-status="signed-in"], output[data-status="error"]');
  await output.waitFor({ timeout: 30_000 });
  const text = await output.innerText();
  if ((await output.getAttribute('data-status')) === 'error') throw new Error(`the app failed: ${text}`);
  return JSON.parse(text) as SpaClaims;
};

/**
 * A request to a tenant's management API as its admin (`owner`) would make it from a script: cloud tenants at
 * /m/{tenantId}/api with an organization token, the self-hosted one at /api. Answers the response's JSON.
 */
export const managementRequest = async (
  baseUrl: string,
  edition: Edition,
  owner: { username: string; password: string },
  tenantId: string,
  request: { method: 'POST' | 'PATCH'; path: string; body: Record<string, unknown>; status: number },
) => {
  const session = await signIn(baseUrl, owner.username, owner.password, { edition });
  const [url, token] =
    edition === 'cloud'
      ? [`${baseUrl}/m/${tenantId}/api${request.path}`, await session.organizationToken(organizationIdOf(tenantId))]
      : [`${baseUrl}/api${request.path}`, await session.accessToken(resourceIndicators.management(defaultTenantId))];
  const response = await fetch(url, { method: request.method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(request.body) });
  if (response.status !== request.status) throw new Error(`${request.method} ${request.path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as unknown;
};

/** Changes a tenant's sign-in experience through its management API. */
export const patchSignInExperience = (baseUrl: string, edition: Edition, owner: { username: string; password: string }, tenantId: string, patch: Record<string, unknown>) =>
  managementRequest(baseUrl, edition, owner, tenantId, { method: 'PATCH', path: '/sign-in-exp', body: patch, status: 200 });

/** Registration by username or e-mail, as the end users of these scenarios register (a cloud tenant's default is e-mail alone). */
export const signUpByUsernameOrEmail = { signUp: { identifiers: ['username', 'email'], password: true, verify: false } };
