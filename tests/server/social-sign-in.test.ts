import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { en } from '#server/i18n/locales/en.ts';
import { updateConnectorRow } from '#server/tenant/connectors/store.ts';
import { updateUser } from '#server/tenant/users/store.ts';
import {
  addConnector,
  connectTenantB,
  hasButton,
  logsOf,
  offerSocial,
  post,
  signInAtB,
  startAtA,
  startSocialWorld,
  tokensAtApp,
  userById,
  userWithEmail,
  usersOf,
  walk,
  type SocialWorld,
} from './social-sign-in-support.ts';
import { relyingParty } from './conformance/support.ts';

const t = en.socialSignIn;
/** Sign-up asks for an e-mail (a cloud tenant's default), which a social identity may not bring: not asked here. */
const skipProfile = { socialSignIn: { skipRequiredIdentifiers: true } };
let world: SocialWorld;

beforeAll(async () => {
  world = await startSocialWorld();
  await connectTenantB(world);
  await addConnector(world.server, world.a, { id: 'demo-a', factory: 'demo-social', syncProfile: false });
  await offerSocial(world.server.db, world.a, ['tenant-b', 'demo'], skipProfile);
}, 120_000);
afterAll(() => world?.server.close());

/** Through A's page and the demo provider's page, as "Demo User One" (or Two): answers where the browser lands. */
const viaDemo = async (identity = 'demo-user-1', params: Record<string, string> = {}) => {
  const start = await startAtA(world, params);
  const demo = await post(start.browser, start.page, 'social', { target: 'demo' });
  expect(demo.url).toContain('/social/demo/authorize');
  const form = /name="state" value="([^"]+)"/.exec(demo.html)?.[1] ?? '';
  const redirect = /name="redirect_uri" value="([^"]+)"/.exec(demo.html)?.[1] ?? '';
  const answer = { redirect_uri: redirect.replaceAll('&amp;', '&'), state: form, ...(identity ? { identity } : { cancel: '1' }) };
  const action = new URL('/social/demo/authorize', world.server.url).href;
  return { ...start, landing: await walk(start.browser, await start.browser.postForm(action, answer), action) };
};

const subjectOf = async (rp: client.Configuration, landing: Awaited<ReturnType<typeof viaDemo>>['landing'], checks: Awaited<ReturnType<typeof startAtA>>['checks']) =>
  (await tokensAtApp(rp, landing, checks)).claims()!.sub;

describe('proof: tenant B is tenant A’s OpenID Connect provider (connectors.md §9 D)', () => {
  it('signs in through A’s page, B’s page and back; A’s ID token verifies from A’s discovery; A’s user carries identity tenant-b with B’s sub', async () => {
    const bUser = await userWithEmail(world.server.db, world.b, 'proof@provider.example', { verified: true, name: 'Bea Provider' });
    const { checks, browser, page } = await startAtA(world);
    expect(page.status).toBe(200);
    expect(hasButton(page.html, 'tenant-b')).toBe(true);
    expect(page.html).toContain(t.continueWith('Tenant B'));
    const atB = await post(browser, page, 'social', { target: 'tenant-b' });
    expect(atB.url).toContain(`/t/${world.b}/sign-in/`);
    const back = await signInAtB(browser, atB, bUser.username!);
    expect(back.atApp).toBe(true);
    // openid-client knows only A's discovery: A's issuer, keys and this app.
    const fresh = await relyingParty(world.issuerOf(world.a), world.app.id, world.app.secret);
    const tokens = await client.authorizationCodeGrant(fresh, new URL(back.url), checks);
    const claims = tokens.claims()!;
    expect(claims.iss).toBe(world.issuerOf(world.a));
    const user = await userById(world.server.db, world.a, claims.sub);
    expect(user?.identities['tenant-b']).toMatchObject({ userId: bUser.id, details: { id: bUser.id, email: 'proof@provider.example', name: 'Bea Provider' } });
    expect(user?.name).toBe('Bea Provider');
  });

  it('direct_sign_in=social:tenant-b goes straight to B’s page', async () => {
    const { page } = await startAtA(world, { direct_sign_in: 'social:tenant-b' });
    expect(page.url).toContain(`/t/${world.b}/sign-in/`);
  });

  it('direct_sign_in of a target the experience does not offer shows the first screen', async () => {
    const { page } = await startAtA(world, { direct_sign_in: 'social:github' });
    expect(page.url).toContain(`/t/${world.a}/sign-in/`);
    expect(hasButton(page.html, 'demo')).toBe(true);
  });
});

describe('linking rules', () => {
  it('links to A’s user whose e-mail is verified on both sides', async () => {
    const email = 'linked@shop.example';
    const own = await userWithEmail(world.server.db, world.a, email, { verified: true });
    const bUser = await userWithEmail(world.server.db, world.b, email, { verified: true });
    const { rp, checks, browser, page } = await startAtA(world);
    const back = await signInAtB(browser, await post(browser, page, 'social', { target: 'tenant-b' }), bUser.username!);
    expect(await subjectOf(rp, back, checks)).toBe(own.id);
    expect((await userById(world.server.db, world.a, own.id))?.identities['tenant-b']).toMatchObject({ userId: bUser.id });
  });

  it('an e-mail B does not vouch for links to nobody: a new user registers, without that e-mail', async () => {
    const email = 'unverified@shop.example';
    const own = await userWithEmail(world.server.db, world.a, email, { verified: true });
    const bUser = await userWithEmail(world.server.db, world.b, email, { verified: false });
    const { rp, checks, browser, page } = await startAtA(world);
    const back = await signInAtB(browser, await post(browser, page, 'social', { target: 'tenant-b' }), bUser.username!);
    const sub = await subjectOf(rp, back, checks);
    expect(sub).not.toBe(own.id);
    expect((await userById(world.server.db, world.a, own.id))?.identities).toEqual({});
    const created = await userById(world.server.db, world.a, sub);
    expect(created).toMatchObject({ primaryEmail: null, identities: { 'tenant-b': { userId: bUser.id } } });
  });

  it('an e-mail of A’s that A never verified does not link either', async () => {
    const email = 'notproved@shop.example';
    const own = await userWithEmail(world.server.db, world.a, email, { verified: false });
    const bUser = await userWithEmail(world.server.db, world.b, email, { verified: true });
    const { rp, checks, browser, page } = await startAtA(world);
    const back = await signInAtB(browser, await post(browser, page, 'social', { target: 'tenant-b' }), bUser.username!);
    expect(await subjectOf(rp, back, checks)).not.toBe(own.id);
  });
});

describe('the demo connector (connectors.md §9 C)', () => {
  it('registers Demo User One, then signs the same user in again: no duplicate', async () => {
    const first = await viaDemo();
    const sub = await subjectOf(first.rp, first.landing, first.checks);
    expect((await userById(world.server.db, world.a, sub))).toMatchObject({ name: 'Demo User One', identities: { demo: { userId: 'demo-user-1' } } });
    const again = await viaDemo();
    expect(await subjectOf(again.rp, again.landing, again.checks)).toBe(sub);
    const holders = (await usersOf(world.server.db, world.a)).filter((user) => (user.identities as Record<string, { userId?: string }>).demo?.userId === 'demo-user-1');
    expect(holders).toHaveLength(1);
  });

  it('syncProfile off keeps a name changed since; on, each sign-in refreshes it', async () => {
    const first = await viaDemo('demo-user-2');
    const sub = await subjectOf(first.rp, first.landing, first.checks);
    await updateUser(world.server.db, world.a, sub, { name: 'Renamed', avatar: null });
    await viaDemo('demo-user-2');
    expect((await userById(world.server.db, world.a, sub))?.name).toBe('Renamed');
    await updateConnectorRow(world.server.db, world.a, 'demo-a', { syncProfile: true });
    await viaDemo('demo-user-2');
    expect((await userById(world.server.db, world.a, sub))?.name).toBe('Demo User Two');
    await updateConnectorRow(world.server.db, world.a, 'demo-a', { syncProfile: false });
  });

  it('shows the provider’s refusal on an error page, in the user’s words, never a 500', async () => {
    const { landing } = await viaDemo('');
    expect(landing.status).toBe(400);
    expect(landing.html).toContain(t.authorizationFailed);
    expect(landing.html).toContain(t.providerSaid('access_denied'));
    expect(landing.html).not.toMatch(/at \w+ \(|Error:/);
  });

  it('refuses a suspended user', async () => {
    const first = await viaDemo();
    const sub = await subjectOf(first.rp, first.landing, first.checks);
    await updateUser(world.server.db, world.a, sub, { isSuspended: true });
    const again = await viaDemo();
    expect(again.landing.status).toBe(403);
    expect(again.landing.html).toContain(en.pages.userSuspended);
    await updateUser(world.server.db, world.a, sub, { isSuspended: false });
  });

  it('asks for a required username the identity does not bring (the profile step)', async () => {
    await offerSocial(world.server.db, world.a, ['tenant-b', 'demo'], { signUp: { identifiers: ['username'], password: true, verify: false }, socialSignIn: {} });
    const bUser = await userWithEmail(world.server.db, world.b, 'profile@provider.example', { verified: true });
    const { rp, checks, browser, page } = await startAtA(world);
    const profile = await signInAtB(browser, await post(browser, page, 'social', { target: 'tenant-b' }), bUser.username!);
    expect(profile.html).toContain(en.pages.flow.profileTitle);
    const done = await post(browser, { ...profile, url: profile.url.replace(/\/social-callback.*$/, '') }, 'profile', { username: `social_${Date.now()}` });
    expect(done.atApp).toBe(true);
    expect(await subjectOf(rp, done, checks)).toBeTruthy();
    await offerSocial(world.server.db, world.a, ['tenant-b', 'demo'], skipProfile);
  });

  it('with registration closed, a new identity is refused (user.identity_not_exist)', async () => {
    await offerSocial(world.server.db, world.a, ['tenant-b', 'demo'], { ...skipProfile, signInMode: 'SignIn' });
    const bUser = await userWithEmail(world.server.db, world.b, 'closed@provider.example', { verified: false });
    const { browser, page } = await startAtA(world);
    const refused = await signInAtB(browser, await post(browser, page, 'social', { target: 'tenant-b' }), bUser.username!);
    expect(refused.status).toBe(403);
    expect(refused.html).toContain(t.identityNotExist);
    await offerSocial(world.server.db, world.a, ['tenant-b', 'demo'], skipProfile);
  });
});

describe('the callback and its state', () => {
  /** A sign-in waiting at the demo provider: the state and callback URI it sent. */
  const waiting = async () => {
    const { browser, page } = await startAtA(world);
    const demo = await post(browser, page, 'social', { target: 'demo' });
    const request = new URL(demo.url);
    return { browser, state: request.searchParams.get('state')!, callback: request.searchParams.get('redirect_uri')! };
  };

  it('refuses a callback without a state, with another state, or of another connector', async () => {
    const { browser, state, callback } = await waiting();
    for (const query of ['code=x', `code=x&state=${state.slice(0, -2)}xx`, 'code=x&state=unknown.state']) {
      const response = await browser.request(`${callback}?${query}`);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain(t.invalidState);
    }
    expect((await browser.request(`${callback.replace('/demo-a', '/tenant-b-oidc')}?code=x&state=${state}`)).status).toBe(400);
  });

  it('refuses a foreign tenant’s connector id: the state names an interaction of A only', async () => {
    await addConnector(world.server, world.b, { id: 'demo-b', factory: 'demo-social' });
    const { browser, state, callback } = await waiting();
    const foreign = callback.replace(`/t/${world.a}/callback/demo-a`, `/t/${world.b}/callback/demo-b`);
    expect((await browser.request(`${foreign}?code=x&state=${state}`)).status).toBe(400);
  });

  it('refuses a replayed callback once the sign-in used its state', async () => {
    const { browser, state, callback } = await waiting();
    const answer = await fetch(new URL('/social/demo/authorize', world.server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ redirect_uri: callback, state, identity: 'demo-user-1' }),
      redirect: 'manual',
    });
    const callbackUrl = answer.headers.get('location')!;
    const done = await walk(browser, await browser.request(callbackUrl), callbackUrl);
    expect(done.atApp).toBe(true);
    const replay = await browser.request(callbackUrl);
    expect(replay.status).toBe(400);
    expect(await replay.text()).toContain(t.invalidState);
  });

  it('checks the state again at the sign-in: a tampered one shows the state error', async () => {
    const { browser, state } = await waiting();
    const uid = state.split('.')[0];
    const response = await browser.request(`/t/${world.a}/sign-in/${uid}/social-callback?code=x&state=${uid}.forged`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(t.invalidState);
  });

  it('writes the social verification steps to A’s audit log', async () => {
    const { rp, checks, landing } = await viaDemo('demo-user-1');
    const sub = await subjectOf(rp, landing, checks);
    const entries = await logsOf(world.server.db, world.a);
    const keys = entries.filter((log) => log.userId === sub).map((log) => log.key);
    expect(keys).toEqual(expect.arrayContaining(['Interaction.SignIn.Verification.Social.Submit', 'Interaction.SignIn.Submit', 'Interaction.End']));
    expect(entries.some((log) => log.key === 'Interaction.SignIn.Verification.Social.Create' && log.payload.target === 'demo')).toBe(true);
  });
});
