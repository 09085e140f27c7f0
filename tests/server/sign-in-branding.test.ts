import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { planIds } from '#schemas/quota.ts';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { de } from '#server/i18n/locales/de.ts';
import { fr } from '#server/i18n/locales/fr.ts';
import { ja } from '#server/i18n/locales/ja.ts';
import { deleteCustomPhrase, readSignInExperience, upsertCustomPhrase, writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { authorize, Browser, type AuthorizationClient } from '../support/oidc-client.ts';
import { openTenant } from './contract/management-resource.ts';
import { signUpUser, type TestServer } from './support.ts';
import { brandedSignInExperience } from '../support/sign-in-experience-samples.ts';
import { startSignInServer, t } from './tenant-sign-in-support.ts';

let server: TestServer;
let tenantId: string;
let client: AuthorizationClient;
let defaults: SignInExperienceSettings;

beforeAll(async () => {
  ({ server, client, tenantId } = await startSignInServer());
  ({ settings: defaults } = await readSignInExperience(server.db, tenantId, 'cloud'));
});
afterAll(() => server?.close());

/** The tenant's settings with `changes` over the ones the test server started with. */
const settle = (changes: Partial<SignInExperienceSettings>) => writeSignInExperience(server.db, tenantId, { ...defaults, ...changes });

const branded = brandedSignInExperience;

describe("a tenant's sign-in pages follow its sign-in experience", () => {
  test('brand colours, logos and icons per scheme, and the custom CSS after the base styles under the nonce', async () => {
    await settle(branded);
    const { html, page } = await authorize(client);
    expect(html).toContain(':root { --accent: #0a7d4f; --on-accent: #ffffff; --link: #0a7d4f; } @media (prefers-color-scheme: dark) { :root { --accent: #3ddc97; --on-accent: #111111; --link: #3ddc97; } }');
    expect(html).toContain('<source srcset="https://cdn.example.test/logo-dark.png" media="(prefers-color-scheme: dark)" />');
    expect(html).toContain('<img class="logo gh-logo" src="https://cdn.example.test/logo.png"');
    expect(html).toContain('<link rel="icon" href="https://cdn.example.test/icon.png" media="(prefers-color-scheme: light)" />');
    expect(html).toContain('<link rel="icon" href="https://cdn.example.test/icon-dark.png" media="(prefers-color-scheme: dark)" />');
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /style-src 'nonce-([^']+)'/.exec(csp)![1];
    const styles = [...html.matchAll(/<style nonce="([^"]+)">([\s\S]*?)<\/style>/g)];
    expect(styles.map(([, used]) => used)).toEqual([nonce, nonce]);
    expect(styles[1]![2]).toBe(branded.customCss);
    expect(csp).toContain("img-src 'self' data: https:;");
    expect(csp).toContain('font-src https:;');
    expect(csp).toContain(`script-src 'nonce-${nonce}'`);
  });

  test('custom CSS cannot end its style element, even when stored without the guard', async () => {
    await settle({ customCss: 'p{color:red}</style><script>alert(1)</script>' });
    const { html } = await authorize(client);
    // The text stays inside its style element, so no script element is parsed from it.
    expect(html).toContain('p{color:red}<\\/style><script>alert(1)<\\/script></style>');
    expect(html.replaceAll(/<style[^>]*>[\s\S]*?<\/style>/g, '')).not.toContain('<script');
  });

  test('without dark mode the page stays light, with no dark colour or logo', async () => {
    await settle({ ...branded, color: { ...branded.color!, isDarkModeEnabled: false } });
    const { html } = await authorize(client);
    expect(html).toContain(':root { --accent: #0a7d4f; --on-accent: #ffffff; --link: #0a7d4f; } :root { color-scheme: light; }');
    expect(html).not.toContain('#3ddc97');
    expect(html).not.toContain('logo-dark.png');
    expect(html).not.toContain('icon-dark.png');
  });

  test('the footer links the terms, privacy policy and support, on the sign-in page and on the error page', async () => {
    await settle(branded);
    const { html, pageUrl, browser } = await authorize(client);
    const footer = /<footer class="legal gh-footer">([\s\S]*?)<\/footer>/.exec(html)![1]!;
    expect(footer).toContain(`<a href="https://shop.example.test/terms">${t.termsOfUse}</a>`);
    expect(footer).toContain(`<a href="https://shop.example.test/privacy">${t.privacyPolicy}</a>`);
    expect(footer).toContain(`<a href="https://shop.example.test/help">${t.supportWebsite}</a>`);
    expect(footer).toContain(`<a href="mailto:help@shop.example.test">${t.supportEmail}</a>`);
    // A form posted to an interaction that is not the browser's: the error page, with the support links.
    const stale = await browser.postForm(pageUrl.replace(/[^/]+$/, 'not-a-live-interaction/password'), { identifier: 'a', password: 'b' });
    const error = await stale.text();
    expect(stale.status).toBe(400);
    expect(error).toContain('role="alert"');
    expect(error).toContain(`<a href="mailto:help@shop.example.test">${t.supportEmail}</a>`);
  });

  test('a page opened without a live sign-in goes to the unknown-session redirect URL', async () => {
    await settle({ unknownSessionRedirectUrl: 'https://shop.example.test/start' });
    const browser = new Browser(new URL(client.issuer).origin);
    const response = await browser.request(`/t/${tenantId}/sign-in/no-such-interaction`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('https://shop.example.test/start');
  });

  test("the tenant's own phrases replace the built-in text in the page's language only", async () => {
    await settle({});
    await upsertCustomPhrase(server.db, tenantId, 'en', { signInButton: 'Log in', signInToApp: 'Welcome back to {name}' });
    const { html } = await authorize(client);
    expect(html).toContain('>Log in</button>');
    expect(html).toContain('<h1>Welcome back to SPA app</h1>');
    expect((await authorize(client, { uiLocales: 'ja' })).html).toContain(`<h1>${ja.pages.signInToApp('SPA app')}</h1>`);
    await deleteCustomPhrase(server.db, tenantId, 'en');
    expect((await authorize(client)).html).toContain(`>${t.signInButton}</button>`);
  });

  test("a custom language that is not built in: its phrases over English, as the fallback, by ui_locales or by the browser's", async () => {
    await upsertCustomPhrase(server.db, tenantId, 'nl-BE', { signInButton: 'Aanmelden', signInToApp: 'Aanmelden bij {name}' });
    await settle({ languageInfo: { autoDetect: false, fallbackLanguage: 'nl-BE' } });
    const fallback = (await authorize(client, { acceptLanguage: 'fr' })).html;
    expect(fallback).toContain('<h1>Aanmelden bij SPA app</h1>');
    expect(fallback).toContain('>Aanmelden</button>');
    // The keys it does not have keep the English text.
    expect(fallback).toContain(t.passwordLabel);
    await settle({ languageInfo: { autoDetect: true, fallbackLanguage: 'en' } });
    expect((await authorize(client, { uiLocales: 'nl-be' })).html).toContain('<h1>Aanmelden bij SPA app</h1>');
    expect((await authorize(client, { acceptLanguage: 'nl-BE, en;q=0.5' })).html).toContain('<h1>Aanmelden bij SPA app</h1>');
    expect((await authorize(client, { acceptLanguage: 'fr' })).html).toContain(`<h1>${fr.pages.signInToApp('SPA app')}</h1>`);
    await deleteCustomPhrase(server.db, tenantId, 'nl-BE');
  });

  test('language: ui_locales first, then the browser only when auto-detect is on, then the fallback language', async () => {
    await settle({ languageInfo: { autoDetect: false, fallbackLanguage: 'de' } });
    expect((await authorize(client, { acceptLanguage: 'fr' })).html).toContain(`<h1>${de.pages.signInToApp('SPA app')}</h1>`);
    expect((await authorize(client, { acceptLanguage: 'fr', uiLocales: 'ja' })).html).toContain(`<h1>${ja.pages.signInToApp('SPA app')}</h1>`);
    await settle({ languageInfo: { autoDetect: true, fallbackLanguage: 'de' } });
    expect((await authorize(client, { acceptLanguage: 'ja' })).html).toMatch(/<html lang="ja">/);
  });
});

describe("the console's preview: the real page, from an unsaved draft", () => {
  test('renders the draft with the sign-in or the registration screen, in its language, with an app over it', async () => {
    const admin = await signUpUser(server, 'preview');
    const api = await openTenant(server, admin, planIds.development);
    const preview = async (body: unknown) =>
      fetch(`${api.base}/sign-in-exp/preview`, {
        method: 'POST',
        headers: { authorization: `Bearer ${api.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const draft = { ...defaults, ...branded };
    const signIn = await preview({ settings: draft, screen: 'sign_in', language: 'en' });
    expect(signIn.status).toBe(200);
    const { html } = (await signIn.json()) as { html: string };
    expect(html).toContain('--accent: #0a7d4f');
    expect(html).toContain(branded.customCss);
    expect(html).toContain(`<h1>${t.appSignInTitle}</h1>`);
    const register = (await (await preview({ settings: draft, screen: 'register', language: 'ja' })).json()) as { html: string };
    expect(register.html).toContain(`<h1>${ja.pages.appSignUpTitle}</h1>`);
    expect((await preview({ settings: { ...draft, customCss: '</style>' }, screen: 'sign_in', language: 'en' })).status).toBe(400);
    expect((await preview({ settings: draft, screen: 'mfa', language: 'en' })).status).toBe(400);
  });
});
