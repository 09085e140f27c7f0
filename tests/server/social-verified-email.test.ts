import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialCallbackUri } from '#server/tenant/connectors/callback-uri.ts';
import {
  addConnector,
  connectTenantB,
  offerSocial,
  post,
  signInAtB,
  startAtA,
  startSocialWorld,
  tokensAtApp,
  userById,
  userWithEmail,
  type SocialWorld,
} from './social-sign-in-support.ts';
import { tenantData } from './tenant-runtime-support.ts';

/**
 * An e-mail a social provider vouches for (tenant B's email_verified, as A's OpenID Connect provider; or an OAuth 2.0
 * profile's mapped flag) is stored on the user it registers as verified by `social`, and A's own ID token then says
 * email_verified; one it does not vouch for is not taken as verified, and never links to an existing user.
 */
let world: SocialWorld;

beforeAll(async () => {
  world = await startSocialWorld();
  await connectTenantB(world);
  // Two OAuth 2.0 connectors to B's endpoints: one maps B's email_verified, the other has no such flag.
  const { server, a, b } = world;
  const callbacks = ['tenant-b-mapped', 'tenant-b-plain'].map((id) => socialCallbackUri(server.config.publicUrl, a, id));
  const clientId = await tenantData(server.db, b).application('Traditional', { oidcClientMetadata: { redirectUris: callbacks, postLogoutRedirectUris: [] } });
  const clientSecret = await tenantData(server.db, b).secret(clientId);
  const issuer = world.issuerOf(b);
  const oauth2 = (emailVerified?: string) => ({
    authorizationEndpoint: `${issuer}/auth`,
    tokenEndpoint: `${issuer}/token`,
    userInfoEndpoint: `${issuer}/me`,
    clientId,
    clientSecret,
    tokenEndpointAuthMethod: 'client_secret_basic',
    scope: 'openid profile email',
    profileMap: { id: 'sub', email: 'email', name: 'name', ...(emailVerified ? { emailVerified } : {}) },
  });
  await addConnector(server, a, { id: 'tenant-b-mapped', factory: 'oauth2', target: 'tenant-b-mapped', config: oauth2('email_verified') });
  await addConnector(server, a, { id: 'tenant-b-plain', factory: 'oauth2', target: 'tenant-b-plain', config: oauth2() });
  await offerSocial(server.db, a, ['tenant-b', 'tenant-b-mapped', 'tenant-b-plain'], { socialSignIn: { skipRequiredIdentifiers: true } });
}, 120_000);
afterAll(() => world?.server.close());

/** A B user signs in at A through the connector of `target`: answers A's user and the claims of A's ID token. */
const signInThrough = async (target: string, bUsername: string) => {
  const { rp, checks, browser, page } = await startAtA(world);
  const back = await signInAtB(browser, await post(browser, page, 'social', { target }), bUsername);
  expect(back.atApp, back.html).toBe(true);
  const claims = (await tokensAtApp(rp, back, checks)).claims()!;
  return { user: (await userById(world.server.db, world.a, claims.sub))!, claims };
};

describe('an e-mail the provider vouches for', () => {
  it('OpenID Connect email_verified: the new user holds the e-mail verified by social, and A’s ID token says email_verified', async () => {
    const bUser = await userWithEmail(world.server.db, world.b, 'vouched@provider.example', { verified: true });
    const { user, claims } = await signInThrough('tenant-b', bUser.username!);
    expect(user).toMatchObject({ primaryEmail: 'vouched@provider.example', primaryEmailVerifiedBy: 'social', identities: { 'tenant-b': { userId: bUser.id } } });
    expect(claims).toMatchObject({ email: 'vouched@provider.example', email_verified: true });
  });

  it('OAuth 2.0 with the flag mapped: the same; an e-mail verified by social then links another provider’s vouched identity', async () => {
    const bUser = await userWithEmail(world.server.db, world.b, 'mapped@provider.example', { verified: true });
    const first = await signInThrough('tenant-b-mapped', bUser.username!);
    expect(first.user).toMatchObject({ primaryEmail: 'mapped@provider.example', primaryEmailVerifiedBy: 'social' });
    // The same person through the OIDC connector: a new identity, linked by the e-mail both sides hold verified.
    const second = await signInThrough('tenant-b', bUser.username!);
    expect(second.user.id).toBe(first.user.id);
    expect(Object.keys(second.user.identities as object).sort()).toEqual(['tenant-b', 'tenant-b-mapped']);
  });
});

describe('an e-mail the provider does not vouch for', () => {
  it('OpenID Connect email_verified false: the new user is not given it, and A’s ID token claims no e-mail', async () => {
    const bUser = await userWithEmail(world.server.db, world.b, 'unvouched@provider.example', { verified: false });
    const { user, claims } = await signInThrough('tenant-b', bUser.username!);
    expect(user).toMatchObject({ primaryEmail: null, primaryEmailVerifiedBy: null, identities: { 'tenant-b': { userId: bUser.id } } });
    expect(claims.email).toBeUndefined();
    expect(claims.email_verified).toBeUndefined();
  });

  it('OAuth 2.0 without the flag: B’s verified e-mail is still not vouched for here, so it neither registers verified nor links', async () => {
    const email = 'plain@provider.example';
    const own = await userWithEmail(world.server.db, world.a, email, { verified: true });
    const bUser = await userWithEmail(world.server.db, world.b, email, { verified: true });
    const { user } = await signInThrough('tenant-b-plain', bUser.username!);
    expect(user.id).not.toBe(own.id);
    expect(user).toMatchObject({ primaryEmail: null, primaryEmailVerifiedBy: null });
    expect((await userById(world.server.db, world.a, own.id))?.identities).toEqual({});
  });
});
