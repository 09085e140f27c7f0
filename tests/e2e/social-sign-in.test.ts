import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { en } from '#server/i18n/locales/en.ts';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { addSocialButton, deleteConnector, openSignUpAndSignIn, pickSocialFactory, saveAndDone, saveSignInExperience } from '../support/connector-steps.ts';
import { chooseInUserMenu, goTo, newPersonDetails } from '../support/e2e-steps.ts';
import { addRedirectUri, createApplicationFromGuide } from '../support/runtime-steps.ts';
import { startServer, type RunningServer } from '../support/server.ts';
import { createStorefront, createTenantFromSwitcher, signUpWithTenant } from '../support/tenant-steps.ts';

const t = en.pages;
const social = en.socialSignIn;

/**
 * Social sign-in in Chromium against the real server, set up in the console as an admin would (connectors.md §9):
 * scenario C (the demo connector added, given a button, a new user and the same one again, the button gone with the
 * connector) and D (tenant B as tenant A's OpenID Connect provider: B's app and its redirect URI made in B's console, the
 * connector in A's, then a B user through both tenants' pages). Last, the connector's form in German.
 */
describe('social sign-in, set up in the console', () => {
  const admin = newPersonDetails('social');
  let browser: Browser;
  let server: RunningServer;
  let consolePage: Page;
  let visitor: Page;
  const ids = { a: '', b: '', app: '', demo: '', oidc: '' };
  let redirectUri = '';

  beforeAll(async () => {
    [browser, server] = await Promise.all([launchBrowser(), startServer({ edition: 'cloud' })]);
    ({ page: consolePage } = await newPerson(browser));
    ids.a = await signUpWithTenant(consolePage, server.url, admin, 'Shop');
    ({ clientId: ids.app, redirectUri } = await createStorefront(consolePage, server.url, ids.a));
    visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await consolePage.screenshot({ path: path.join(tmpdir(), `gatehouse-e2e-social-${task.name.slice(0, 3)}.png`) }).catch(() => {});
  });

  const authorizationUrl = () =>
    `${server.url}/t/${ids.a}/oidc/auth?${new URLSearchParams({
      client_id: ids.app,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      state: 'state-1',
      prompt: 'login',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    })}`;
  const atApp = async () => {
    await visitor.waitForURL((url) => url.href.startsWith(redirectUri), { timeout: 15_000 }).catch(async () => {
      throw new Error(`not at the app but at ${visitor.url()}: ${await visitor.locator('main').textContent()}`);
    });
    expect(new URL(visitor.url()).searchParams.get('code')).toEqual(expect.any(String));
  };
  const startSignIn = async () => {
    await visitor.context().clearCookies();
    await visitor.goto(authorizationUrl());
  };
  /** A's Users list in the console: the links of the users whose row mentions `text`. */
  const usersNamed = async (text: string) => {
    await goTo(consolePage, server.url, `/console/${ids.a}/users`);
    const table = consolePage.getByRole('table', { name: 'Users' });
    await table.getByRole('link', { name: new RegExp(text) }).first().waitFor();
    return table.getByRole('link', { name: new RegExp(text) });
  };
  /** The Connections card of A's user `text`: the row of `target`. */
  const connectionOf = async (text: string, target: string) => {
    await (await usersNamed(text)).first().click();
    await consolePage.getByRole('navigation', { name: 'User tabs' }).getByRole('link', { name: 'Settings' }).click();
    return consolePage.getByRole('table', { name: 'Connections' }).getByRole('row', { name: new RegExp(`^${target}\\b`) });
  };

  test('C 1–2. The demo connector, syncing the profile at each sign-in, and its button on the sign-in page, asking a username at sign-up', async () => {
    const guide = await pickSocialFactory(consolePage, server.url, ids.a, /Demo social/);
    await guide.getByRole('radio', { name: 'At each sign-in' }).check();
    ids.demo = await saveAndDone(consolePage, ids.a, 'social');
    await openSignUpAndSignIn(consolePage, server.url, ids.a);
    await consolePage.getByRole('combobox', { name: 'Sign-up identifier' }).selectOption('username');
    await addSocialButton(consolePage, 'Demo social');
    await saveSignInExperience(consolePage);
  });

  test('C 3–4. Continue with Demo as Demo User One, the username asked; Users shows the demo identity; again: the same user', async () => {
    await startSignIn();
    await visitor.getByRole('button', { name: social.continueWith('Demo social') }).click();
    await visitor.getByRole('button', { name: en.demoSocial.continueAs('Demo User One') }).click();
    await visitor.getByRole('heading', { name: t.flow.profileTitle }).waitFor();
    await visitor.getByLabel(t.usernameLabel).fill('demo_one');
    await visitor.getByRole('button', { name: t.flow.continueButton }).click();
    await atApp();
    const demo = await connectionOf('demo_one', 'demo');
    await demo.getByText('demo-user-1').waitFor();

    await startSignIn();
    await visitor.getByRole('button', { name: social.continueWith('Demo social') }).click();
    await visitor.getByRole('button', { name: en.demoSocial.continueAs('Demo User One') }).click();
    await atApp();
    expect(await (await usersNamed('Demo User One')).count()).toBe(1);
  });

  test('D 1–4. B’s Traditional app in B’s console, A’s connector "Tenant B" with B’s issuer, its callback URI added in B’s console', async () => {
    await createTenantFromSwitcher(consolePage, 'Provider');
    await consolePage.waitForURL((url) => /^\/console\/[a-z0-9]+\//.test(url.pathname) && !url.pathname.startsWith(`/console/${ids.a}/`));
    ids.b = new URL(consolePage.url()).pathname.split('/')[2]!;
    const app = await createApplicationFromGuide(consolePage, server.url, ids.b, 'express', 'Shop sign-in');
    expect(app.secret).toEqual(expect.any(String));
    await goTo(consolePage, server.url, `/console/${ids.b}/applications/${app.id}/settings`);
    // The endpoints panel shows "…" until the tenant's endpoint has loaded: the issuer is read once it shows.
    const issuerShown = consolePage.locator('dt', { hasText: /^Issuer$/ }).locator('xpath=following-sibling::dd[1]');
    const issuer = (await issuerShown.getByText(/\/oidc$/).innerText()).trim();
    expect(issuer).toBe(`${server.url}/t/${ids.b}/oidc`);

    const guide = await pickSocialFactory(consolePage, server.url, ids.a, /OpenID Connect/);
    await guide.getByRole('textbox', { name: /^Name/ }).fill('Tenant B');
    await guide.getByRole('textbox', { name: /^Target/ }).fill('tenant-b');
    const callbackUri = (await guide.getByText(new RegExp(`^${server.url}/t/${ids.a}/callback/`)).textContent())!;
    // B's console in another tab, the guide's edits kept in this one.
    const bConsole = await consolePage.context().newPage();
    await addRedirectUri(bConsole, server.url, ids.b, app.id, callbackUri);
    await bConsole.close();
    await guide.getByRole('textbox', { name: /^Issuer/ }).fill(issuer);
    await guide.getByRole('textbox', { name: /^Client ID/ }).fill(app.id);
    await guide.getByLabel(/^Client secret/).fill(app.secret!);
    await guide.getByRole('textbox', { name: /^Scope/ }).fill('openid profile email');
    ids.oidc = await saveAndDone(consolePage, ids.a, 'social');
    expect(callbackUri).toBe(`${server.url}/t/${ids.a}/callback/${ids.oidc}`);
    await openSignUpAndSignIn(consolePage, server.url, ids.a);
    await addSocialButton(consolePage, 'Tenant B');
    await saveSignInExperience(consolePage);
  });

  test('D 6. Continue with Tenant B, create an account on B’s page, back in A signed in; A’s user carries tenant-b with B’s sub; again by password', async () => {
    await startSignIn();
    await visitor.getByRole('button', { name: social.continueWith('Tenant B') }).click();
    await visitor.waitForURL((url) => url.pathname.startsWith(`/t/${ids.b}/sign-in/`));
    await visitor.getByRole('link', { name: t.toSignUp }).click();
    await visitor.getByLabel(t.emailLabel).fill('bea@provider.example');
    await visitor.getByLabel(t.passwordLabel, { exact: true }).fill('Correct-Horse-42');
    await visitor.getByLabel(t.confirmPasswordLabel).fill('Correct-Horse-42');
    await visitor.getByRole('button', { name: t.createAccountButton }).click();
    await visitor.getByRole('heading', { name: t.flow.profileTitle }).waitFor();
    expect(new URL(visitor.url()).pathname).toContain(`/t/${ids.a}/sign-in/`);
    await visitor.getByLabel(t.usernameLabel).fill('bea_at_shop');
    await visitor.getByRole('button', { name: t.flow.continueButton }).click();
    await atApp();

    // B's sub: the id of B's user, as B's console shows it.
    await goTo(consolePage, server.url, `/console/${ids.b}/users`);
    await consolePage.getByRole('table', { name: 'Users' }).getByRole('link', { name: /bea@provider\.example/ }).click();
    await consolePage.waitForURL((url) => /\/users\/[\w-]+/.test(url.pathname));
    const bSub = new URL(consolePage.url()).pathname.split('/')[4]!;
    const connection = await connectionOf('bea_at_shop', 'tenant-b');
    await connection.getByText(bSub).waitFor();

    await startSignIn();
    await visitor.getByRole('button', { name: social.continueWith('Tenant B') }).click();
    await visitor.getByLabel(t.identifierLabel).fill('bea@provider.example');
    await visitor.getByLabel(t.passwordLabel).fill('Correct-Horse-42');
    await visitor.getByRole('button', { name: t.signInButton }).click();
    await atApp();
    expect(await (await usersNamed('bea_at_shop')).count()).toBe(1);
  });

  test('C 5. The demo connector deleted in the console: the sign-in page no longer shows its button', async () => {
    await deleteConnector(consolePage, server.url, ids.a, 'social', ids.demo);
    await startSignIn();
    await visitor.getByRole('button', { name: social.continueWith('Tenant B') }).waitFor();
    expect(await visitor.getByRole('button', { name: social.continueWith('Demo social') }).count()).toBe(0);
  });

  test('The connector’s form in German: its labels, descriptions and choices translated', async () => {
    await chooseInUserMenu(consolePage, admin.username, 'Language', 'Deutsch');
    await goTo(consolePage, server.url, `/console/${ids.a}/connectors/social/${ids.oidc}`);
    expect(await consolePage.getByRole('textbox', { name: /^Aussteller \(Issuer\)/ }).inputValue()).toBe(`${server.url}/t/${ids.b}/oidc`);
    await consolePage.getByText('Durch Leerzeichen getrennte Scopes, die beim Anbieter angefragt werden.').waitFor();
    await consolePage.getByRole('textbox', { name: /^Client-ID/ }).waitFor();
    expect(await consolePage.getByRole('combobox', { name: /^Authentifizierung am Token-Endpunkt/ }).inputValue()).toBe('Client-Geheimnis im Authorization-Header (basic)');
  });
});
