import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { organizationIdOf } from '#schemas/constants.ts';
import { planIds } from '#schemas/quota.ts';
import { hookGuard, type Hook } from '#schemas/webhook.ts';
import type { DevWebhookRequest } from '#server/tenant/hooks/dev-inbox.ts';
import { writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { authorize, decodeJwt, type AuthorizationClient } from '../support/oidc-client.ts';
import { eventually, hooksApi, startReceiver, verifiesWith, type Receiver } from './hooks-support.ts';
import { addMailConnector, codeSentTo } from './sign-in-codes-support.ts';
import { addConnector, offerSocial, post, startAtA, startSocialWorld, walk, type SocialWorld } from './social-sign-in-support.ts';
import { call, newAccount, signUpUser, startTestServer, type TestServer } from './support.ts';
import { tenantData } from './tenant-runtime-support.ts';
import { cloudSettings } from './tenant-sign-in-support.ts';

/**
 * The sign-in flow's events (tenant-runtime.md §5): one per submit, chosen from the interaction's event and whether it
 * created the user, so a registration by any method fires PostRegister (with User.Created), never PostSignIn.
 */

const flowEvents = ['PostRegister', 'PostSignIn', 'PostResetPassword', 'User.Created'] as const;

describe('registration and sign-in by password and by e-mail code', () => {
  let server: TestServer;
  let receiver: Receiver;
  let hook: Hook;
  let client: AuthorizationClient;
  let tenantId: string;

  beforeAll(async () => {
    server = await startTestServer('cloud', { HOOKS_ALLOW_PRIVATE_ADDRESSES: '1' });
    receiver = await startReceiver();
    const api = await hooksApi(server, await signUpUser(server, 'flows'), planIds.development);
    tenantId = api.tenantId;
    await tenantData(server.db, api.tenantId).signUpByUsernameOrEmail();
    const redirectUri = 'https://shop.example.test/callback';
    const clientId = await tenantData(server.db, api.tenantId).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    client = { issuer: `${server.url}/t/${api.tenantId}/oidc`, clientId, redirectUri, scopes: ['openid', 'profile'], resources: [], prompt: 'consent' };
    hook = await api.createHook({ name: 'Flows', events: [...flowEvents], config: { url: receiver.url } });
  });
  afterAll(async () => {
    await receiver?.stop();
    await server?.close();
  });

  const eventsFor = (userId: string) =>
    receiver.received.filter((request) => request.body.userId === userId || (request.body.data as { id?: string } | undefined)?.id === userId).map((request) => request.body.event);

  test('a registration fires PostRegister and User.Created once; a later sign-in fires PostSignIn', async () => {
    const account = newAccount('flow');
    const registered = await (await authorize(client, { signUp: true })).submit('register', { ...account, confirmPassword: account.password });
    const userId = String(decodeJwt(registered.tokens!.id_token!).sub);
    await eventually(() => (eventsFor(userId).length === 2 ? true : undefined));
    const register = receiver.received.find((request) => request.body.event === 'PostRegister' && request.body.userId === userId)!;
    expect(register.body).toMatchObject({ hookId: hook.id, interactionEvent: 'Register', user: { id: userId, username: account.username }, application: { id: client.clientId } });
    expect(typeof register.body.sessionId).toBe('string');
    expect(verifiesWith(hook.signingKey, register)).toBe(true);
    expect(eventsFor(userId).toSorted()).toEqual(['PostRegister', 'User.Created']);

    await (await authorize(client)).submit('password', { identifier: account.username, password: account.password });
    await eventually(() => (eventsFor(userId).length === 3 ? true : undefined));
    expect(eventsFor(userId).toSorted()).toEqual(['PostRegister', 'PostSignIn', 'User.Created']);
    const signIn = receiver.received.find((request) => request.body.event === 'PostSignIn' && request.body.userId === userId)!;
    expect(signIn.body).toMatchObject({ interactionEvent: 'SignIn', user: { id: userId } });
  });

  test('a registration by e-mail code fires PostRegister and User.Created, never PostSignIn; a sign-in by code fires PostSignIn', async () => {
    await addMailConnector(server, tenantId);
    const byCode = { identifier: 'email' as const, password: false, verificationCode: true, isPasswordPrimary: false };
    await writeSignInExperience(server.db, tenantId, cloudSettings({ signUp: { identifiers: ['email'], password: false, verify: true }, signIn: { methods: [byCode] } }));
    const { email } = newAccount('coded');
    const registering = await authorize(client, { signUp: true });
    await registering.submit('register', { email });
    const registered = await registering.submit('code', { code: await codeSentTo(server, email) });
    const userId = String(decodeJwt(registered.tokens!.id_token!).sub);
    await eventually(() => (eventsFor(userId).length === 2 ? true : undefined));
    expect(eventsFor(userId).toSorted()).toEqual(['PostRegister', 'User.Created']);
    const register = receiver.received.find((request) => request.body.event === 'PostRegister' && request.body.userId === userId)!;
    expect(register.body).toMatchObject({ hookId: hook.id, interactionEvent: 'Register', user: { id: userId, primaryEmail: email } });
    expect(verifiesWith(hook.signingKey, register)).toBe(true);

    const signingIn = await authorize(client);
    await signingIn.submit('identifier', { identifier: email });
    expect((await signingIn.submit('code', { code: await codeSentTo(server, email) })).tokens).toBeDefined();
    await eventually(() => (eventsFor(userId).length === 3 ? true : undefined));
    expect(eventsFor(userId).toSorted()).toEqual(['PostRegister', 'PostSignIn', 'User.Created']);
  });

  test('a password reset by e-mail code fires PostResetPassword only; the sign-in with the new password PostSignIn', async () => {
    const byEmail = { identifier: 'email' as const, password: true, verificationCode: true, isPasswordPrimary: true };
    await writeSignInExperience(server.db, tenantId, cloudSettings({ signUp: { identifiers: ['email'], password: true, verify: false }, signIn: { methods: [byEmail] } }));
    const { email, password } = newAccount('reset');
    const registered = await (await authorize(client, { signUp: true })).submit('register', { email, password, confirmPassword: password });
    const userId = String(decodeJwt(registered.tokens!.id_token!).sub);
    await eventually(() => (eventsFor(userId).length === 2 ? true : undefined));

    const pending = await authorize(client);
    await pending.submit('forgot-password', { identifier: email });
    await pending.submit('code', { code: await codeSentTo(server, email) });
    const newPassword = 'Brand-New-Kettle-77';
    expect((await pending.submit('new-password', { password: newPassword, confirmPassword: newPassword })).response.status).toBe(200);
    await eventually(() => (eventsFor(userId).length === 3 ? true : undefined));
    const reset = receiver.received.find((request) => request.body.event === 'PostResetPassword' && request.body.userId === userId)!;
    expect(reset.body).toMatchObject({ hookId: hook.id, interactionEvent: 'ForgotPassword', user: { id: userId, primaryEmail: email } });

    expect((await pending.submit('password', { identifier: email, password: newPassword })).tokens).toBeDefined();
    await eventually(() => (eventsFor(userId).length === 4 ? true : undefined));
    expect(eventsFor(userId).toSorted()).toEqual(['PostRegister', 'PostResetPassword', 'PostSignIn', 'User.Created']);
  });
});

describe('social registration', () => {
  let world: SocialWorld;
  let inbox: URL;
  let hook: Hook;

  beforeAll(async () => {
    world = await startSocialWorld();
    await addConnector(world.server, world.a, { id: 'demo-a', factory: 'demo-social', syncProfile: false });
    await offerSocial(world.server.db, world.a, ['demo'], { socialSignIn: { skipRequiredIdentifiers: true } });
    // The server's own dev webhook inbox: allowed in the cloud edition without the private-address setting.
    inbox = new URL(world.server.devMailboxUrl!);
    inbox.pathname = '/dev/webhooks/social';
    const token = await world.owner.session.organizationToken(organizationIdOf(world.a));
    const created = await call(`${world.server.url}/m/${world.a}/api/hooks`, token, 'POST', { name: 'Social', events: [...flowEvents], config: { url: inbox.href } });
    expect(created.status, await created.clone().text()).toBe(201);
    hook = hookGuard.parse(await created.json());
  }, 120_000);
  afterAll(() => world?.server.close());

  const inboxEvents = async () => ((await (await fetch(inbox)).json()) as { requests: DevWebhookRequest[] }).requests.map((request) => JSON.parse(request.body) as Record<string, unknown>);

  const viaDemo = async (identity: string) => {
    const start = await startAtA(world);
    const demo = await post(start.browser, start.page, 'social', { target: 'demo' });
    const state = /name="state" value="([^"]+)"/.exec(demo.html)?.[1] ?? '';
    const redirect = /name="redirect_uri" value="([^"]+)"/.exec(demo.html)?.[1] ?? '';
    const action = new URL('/social/demo/authorize', world.server.url).href;
    return walk(start.browser, await start.browser.postForm(action, { redirect_uri: redirect.replaceAll('&amp;', '&'), state, identity }), action);
  };

  test('a first social sign-in registers the user: PostRegister and User.Created, never PostSignIn; the next one is PostSignIn', async () => {
    await viaDemo('demo-user-1');
    const first = await eventually(async () => {
      const events = await inboxEvents();
      return events.length === 2 ? events : undefined;
    });
    expect(first.map((body) => body.event).toSorted()).toEqual(['PostRegister', 'User.Created']);
    const userId = String(first.find((body) => body.event === 'PostRegister')!.userId);
    expect(first.every((body) => body.hookId === hook.id)).toBe(true);

    await viaDemo('demo-user-1');
    const all = await eventually(async () => {
      const events = await inboxEvents();
      return events.length === 3 ? events : undefined;
    });
    expect(all[0]).toMatchObject({ event: 'PostSignIn', userId, interactionEvent: 'SignIn' });
  });
});
