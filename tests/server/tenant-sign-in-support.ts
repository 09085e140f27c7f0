import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { roles, users as tenantUsers } from '#server/db/idp.ts';
import { en } from '#server/i18n/locales/en.ts';
import type { SignInExperience } from '#server/pages/experience.ts';
import { signInView } from '#server/pages/views.ts';
import { defaultSignInExperienceSettings, type SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { authorize, type AuthorizationClient, type AuthorizationOptions } from '../support/oidc-client.ts';
import { createTenant } from './billing-support.ts';
import { tenantData } from './tenant-runtime-support.ts';
import { signUpUser, startTestServer, type TestServer, type TestUser } from './support.ts';

export const t = en.pages;
export const redirectUri = 'https://shop.example.test/callback';
export const indicator = 'https://orders.example.test';

/** A cloud tenant's settings with `patch` over them. */
export const cloudSettings = (patch: Partial<SignInExperienceSettings> = {}): SignInExperienceSettings => ({ ...defaultSignInExperienceSettings('cloud'), ...patch });

/** A new tenant with an SPA app; answers the app as a client of the tenant's issuer. */
const spaClient = async (server: TestServer, owner: TestUser): Promise<AuthorizationClient> => {
  const id = (await createTenant(server, owner, { name: 'Shop' })).id;
  await tenantData(server.db, id).signUpByUsernameOrEmail();
  const clientId = await tenantData(server.db, id).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
  return {
    issuer: `${server.url}/t/${id}/oidc`,
    clientId,
    redirectUri,
    scopes: ['openid', 'profile', 'email', 'offline_access'],
    resources: [],
    // As @logto/browser asks by default.
    prompt: 'consent',
  };
};

/** A cloud server with a tenant whose SPA asks for an API of two permissions, and the tenant's two user roles (the first one default). */
export const startSignInServer = async () => {
  const server = await startTestServer('cloud');
  const owner = await signUpUser(server, 'owner');
  const spa = await spaClient(server, owner);
  const client = { ...spa, scopes: [...spa.scopes, 'read:orders', 'delete:orders'], resources: [indicator] };
  const tenantId = new URL(client.issuer).pathname.split('/')[2]!;
  const data = tenantData(server.db, tenantId);
  const { scopeIds } = await data.resource(indicator, ['read:orders', 'delete:orders']);
  const defaultRoleId = await data.role('User', [scopeIds['read:orders']!]);
  const otherRoleId = await data.role('User', [scopeIds['delete:orders']!]);
  await server.db.update(roles).set({ isDefault: true }).where(and(eq(roles.tenantId, tenantId), eq(roles.id, defaultRoleId)));
  return { server, owner, client, tenantId, defaultRoleId, otherRoleId };
};

/** The steps of the tenant sign-in tests, against the server, tenant and app the test file started. */
export const signInRequests = (server: () => TestServer, owner: () => TestUser, client: () => AuthorizationClient, tenantId: () => string) => ({
  tenantWithSpa: () => spaClient(server(), owner()),
  register: async (account: { username?: string; email?: string; password: string }, options: AuthorizationOptions = {}, app = client()) => {
    const pending = await authorize(app, { signUp: true, ...options });
    const fields = { username: account.username ?? '', email: account.email ?? '', password: account.password, confirmPassword: account.password };
    return { pending, result: await pending.submit('register', fields) };
  },
  signIn: async (identifier: string, password: string, app = client()) => (await authorize(app)).submit('password', { identifier, password }),
  findTenantUser: async (username: string) =>
    (await server().db.select().from(tenantUsers).where(and(eq(tenantUsers.tenantId, tenantId()), eq(tenantUsers.username, username))))[0],
  /** An access token for the API, as the SDKs get one: a refresh-token grant naming the resource. */
  resourceToken: async (refreshToken: string, clientId = client().clientId) => {
    const response = await fetch(`${client().issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken, resource: indicator }),
    });
    const body = (await response.json()) as { access_token: string };
    expect(response.status).toBe(200);
    return body.access_token;
  },
});

/** The sign-in page of an experience, rendered alone. */
export const signInPageOf = (experience: SignInExperience) =>
  String(
    signInView({ locale: 'en', nonce: 'n', messages: t, forms: { signIn: '/in', signUp: '/up', consent: '/consent' }, titles: { signIn: 'In', signUp: 'Up' }, experience }),
  );

/** The text of an element of a page by id, without markup. */
export const textOf = (html: string, id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1]?.trim();
