import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planIds } from '#schemas/quota.ts';
import { upsertSignInExperience } from '#server/tenant/applications/store.ts';
import { authorize } from '../support/oidc-client.ts';
import { openTenant, type ManagementApi } from './contract/management-resource.ts';
import { createApplication } from './idp-rows.ts';
import { tenantData } from './tenant-runtime-support.ts';
import { call, expectError, signUpUser, startTestServer, type TestServer } from './support.ts';

let server: TestServer;
let api: ManagementApi;

beforeAll(async () => {
  server = await startTestServer('cloud');
  api = await openTenant(server, await signUpUser(server, 'uris'), planIds.development);
});
afterAll(() => server?.close());

const metadata = (redirectUris: string[], postLogoutRedirectUris: string[] = []) => ({ oidcClientMetadata: { redirectUris, postLogoutRedirectUris } });
const create = (type: string, uris: ReturnType<typeof metadata>) => call(`${api.base}/applications`, api.token, 'POST', { name: 'App', type, ...uris });

describe('redirect URIs are those the issuer takes (spec 02 §5)', () => {
  test('never a scheme the browser runs or reads, nor a host that is no host name', async () => {
    for (const type of ['SPA', 'Traditional', 'Native']) {
      for (const uri of ['javascript:alert(1)//', 'data:text/html,hi', 'vbscript:x', 'file:///etc/passwd', 'https://x;sandbox/cb', 'http://a b.example.test/cb']) {
        const refused = await expectError(await create(type, metadata([uri])), 400, 'guard.invalid_input');
        expect(refused.details).toEqual([expect.objectContaining({ path: 'oidcClientMetadata.redirectUris.0' })]);
      }
    }
    const logout = await expectError(await create('SPA', metadata(['https://app.example.test/cb'], ['javascript:alert(1)'])), 400, 'guard.invalid_input');
    expect(logout.details).toEqual([expect.objectContaining({ path: 'oidcClientMetadata.postLogoutRedirectUris.0' })]);
  });

  test('a web app redirects to http(s) URLs; a native app over http only to this device, over https elsewhere, or to its scheme', async () => {
    const web = await expectError(await create('SPA', metadata(['https://app.example.test/cb', 'com.example.app:/cb'])), 400, 'guard.invalid_input');
    expect(web.details).toEqual([expect.objectContaining({ path: 'oidcClientMetadata.redirectUris.1' })]);
    for (const uri of ['http://app.example.test/cb', 'https://localhost/cb']) {
      await expectError(await create('Native', metadata([uri])), 400, 'guard.invalid_input');
    }
    const native = await createApplication(api, { name: 'Phone', type: 'Native', ...metadata(['http://127.0.0.1:7001/cb', 'http://localhost/cb', 'http://[::1]/cb', 'com.example.app:/cb', 'https://app.example.test/cb']) });
    await expectError(await call(`${api.base}/applications/${native.id}`, api.token, 'PATCH', metadata(['http://app.example.test/cb'])), 400, 'guard.invalid_input');
    const spa = await createApplication(api, { name: 'Web', type: 'SPA', ...metadata(['http://localhost:3000/cb', 'https://xn--bcher-kva.example/cb']) });
    await expectError(await call(`${api.base}/applications/${spa.id}`, api.token, 'PATCH', metadata(['myapp://cb'])), 400, 'guard.invalid_input');
  });
});

describe('URLs written into a page header', () => {
  test('a logo, a CORS origin or a back-channel URL on a host that is no host name is refused', async () => {
    const app = await createApplication(api, { name: 'Shop', type: 'SPA' });
    const experience = {
      color: { primaryColor: null, darkPrimaryColor: null },
      branding: { logoUrl: 'https://x;sandbox/logo.png', darkLogoUrl: null },
      termsOfUseUrl: null,
      privacyPolicyUrl: null,
      displayName: null,
    };
    const refused = await expectError(await call(`${api.base}/applications/${app.id}/sign-in-experience`, api.token, 'PUT', experience), 400, 'guard.invalid_input');
    expect(refused.details).toEqual([expect.objectContaining({ path: 'branding.logoUrl' })]);
    const custom = { customClientMetadata: { corsAllowedOrigins: ['https://x;sandbox'] } };
    await expectError(await call(`${api.base}/applications/${app.id}`, api.token, 'PATCH', custom), 400, 'guard.invalid_input');
  });

  test("the sign-in page's CSP names only origins the URL parser wrote from host names, whatever logo is stored", async () => {
    const redirectUri = 'https://shop.example.test/cb';
    const clientId = await tenantData(server.db, api.tenantId).application('SPA', metadata([redirectUri]));
    const logoUrl = 'https://y;sandbox/logo.png';
    const experience = { color: { primaryColor: null, darkPrimaryColor: null }, termsOfUseUrl: null, privacyPolicyUrl: null, displayName: null };
    await upsertSignInExperience(server.db, api.tenantId, clientId, { ...experience, branding: { logoUrl, darkLogoUrl: 'https://cdn.example.test/l.png' } });
    const { page } = await authorize({ issuer: `${server.url}/t/${api.tenantId}/oidc`, clientId, redirectUri, scopes: ['openid'], resources: [] });
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).not.toContain('sandbox');
    // Images may come from any https origin (logos, a custom CSS's backgrounds); only http origins are named.
    expect(policy).toContain("img-src 'self' data: https:;");
    expect(policy).toContain("form-action 'self' https://shop.example.test;");
  });
});
