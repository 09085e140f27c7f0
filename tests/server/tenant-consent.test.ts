import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { applicationUserConsentResourceScopes, applicationUserConsentUserScopes, scopes, usersRoles } from '#server/db/idp.ts';
import { authorize, decodeJwt, type AuthorizationClient } from '../support/oidc-client.ts';
import { tenantData, verifyWithJwks } from './tenant-runtime-support.ts';
import { newAccount, type TestServer, type TestUser } from './support.ts';
import { indicator, redirectUri, signInRequests, startSignInServer, t } from './tenant-sign-in-support.ts';

let server: TestServer;
let tenantId: string;
let client: AuthorizationClient;
let otherRoleId: string;
let owner: TestUser;

beforeAll(async () => ({ server, owner, client, tenantId, otherRoleId } = await startSignInServer()));
afterAll(() => server?.close());

const { register, findTenantUser, resourceToken } = signInRequests(() => server, () => owner, () => client, () => tenantId);

describe("a tenant's sign-in pages", () => {
  describe('a third-party app', () => {
    let partner: AuthorizationClient;
    let account: ReturnType<typeof newAccount>;

    beforeAll(async () => {
      const data = tenantData(server.db, tenantId);
      const clientId = await data.application('SPA', {
        name: 'Partner portal',
        isThirdParty: true,
        oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] },
      });
      partner = { ...client, clientId, scopes: ['openid', 'profile', 'email', 'phone', 'offline_access', 'read:orders', 'delete:orders'] };
      const [read] = await server.db.select().from(scopes).where(and(eq(scopes.tenantId, tenantId), eq(scopes.name, 'read:orders')));
      await server.db.update(scopes).set({ description: 'Read your orders' }).where(and(eq(scopes.tenantId, tenantId), eq(scopes.id, read!.id)));
      await server.db.insert(applicationUserConsentUserScopes).values({ tenantId, applicationId: clientId, userScope: 'email' });
      await server.db.insert(applicationUserConsentResourceScopes).values({ tenantId, applicationId: clientId, scopeId: read!.id });
      // The user's roles allow both permissions; only read:orders is enabled for the app.
      account = newAccount('partner');
      await register(account);
      await server.db.insert(usersRoles).values({ tenantId, userId: (await findTenantUser(account.username))!.id, roleId: otherRoleId });
    });

    const consentPage = async () => {
      const pending = await authorize(partner);
      const consent = await pending.submit('password', { identifier: account.username, password: account.password });
      expect(consent.pageUrl).toMatch(new RegExp(`^${server.url}/t/${tenantId}/sign-in/[\\w-]+$`));
      return { pending, consent: { ...consent, pageUrl: consent.pageUrl! } };
    };

    test('gets a consent page naming it and what it asks for among what is enabled; Authorize grants only that', async () => {
      const { pending, consent } = await consentPage();
      expect(consent.response.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example.test;");
      expect(consent.html).toContain(`<h1>${t.consentTitle}</h1>`);
      expect(consent.html).toContain(t.consentIntro('Partner portal'));
      for (const shown of [t.consentScopes.profile, t.consentScopes.email, t.consentScopes.offline_access, '<strong>read:orders</strong>: Read your orders']) {
        expect(consent.html).toContain(shown);
      }
      for (const hidden of [t.consentScopes.phone, 'delete:orders']) expect(consent.html).not.toContain(hidden);
      expect(consent.html).toContain(`<form method="post" action="${new URL(consent.pageUrl).pathname}/consent">`);

      const { tokens } = await pending.submit('consent', { decision: 'authorize' }, consent.pageUrl);
      expect(tokens!.scope!.split(' ').sort()).toEqual(['email', 'offline_access', 'openid', 'profile']);
      expect(decodeJwt(tokens!.id_token!)).toMatchObject({ aud: partner.clientId, username: account.username, email: account.email });
      const access = await verifyWithJwks(client.issuer, await resourceToken(tokens!.refresh_token!, partner.clientId), indicator);
      expect(access).toMatchObject({ client_id: partner.clientId, scope: 'read:orders' });
    });

    test('Cancel ends the sign-in at the redirect URI with access_denied', async () => {
      const { pending, consent } = await consentPage();
      expect(await pending.submit('consent', { decision: 'cancel' }, consent.pageUrl)).toMatchObject({ error: 'access_denied' });
    });
  });
});
