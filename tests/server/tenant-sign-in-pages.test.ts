import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { defaultSignInExperience } from '#server/pages/experience.ts';
import { ar } from '#server/i18n/locales/ar.ts';
import { upsertSignInExperience } from '#server/tenant/applications/store.ts';
import { readSignInExperience, writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import { authorize, type AuthorizationClient } from '../support/oidc-client.ts';
import { tenantData } from './tenant-runtime-support.ts';
import type { TestServer } from './support.ts';
import { redirectUri, signInPageOf, startSignInServer, t } from './tenant-sign-in-support.ts';

let server: TestServer;
let tenantId: string;
let client: AuthorizationClient;

beforeAll(async () => ({ server, client, tenantId } = await startSignInServer()));
afterAll(() => server?.close());

describe("a tenant's sign-in pages", () => {

  test('works without JavaScript: plain forms posting to the tenant, HTML and CSS under 25 kB gzip, form-action allowing the app', async () => {
    const pending = await authorize(client);
    const { html, page, pageUrl } = pending;
    const uid = pageUrl.split('/').pop();
    expect(html).not.toContain('<script');
    expect(html).toContain(`<h1>${t.signInToApp('SPA app')}</h1>`);
    expect(html).toContain(`<form method="post" action="/t/${tenantId}/sign-in/${uid}/password"`);
    expect(html).toContain(`href="/t/${tenantId}/sign-in/${uid}/register"`);
    expect(html).toContain('--accent: #5d34f2');
    expect(gzipSync(html).length).toBeLessThanOrEqual(25_000);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' https://shop.example.test;");
    const registration = await pending.browser.request(`${pageUrl}/register`);
    expect(await registration.text()).toContain(`<form method="post" action="/t/${tenantId}/sign-in/${uid}/register"`);
  });

  test("the experience's colours are the page's accent, and a colour that is not #rrggbb is the product's", async () => {
    const view = (primary: string) => signInPageOf({ ...defaultSignInExperience, color: { primary, darkPrimary: '#112233' } });
    expect(view('#0a7f5c')).toContain(
      ':root { --accent: #0a7f5c; --on-accent: #ffffff; --link: #0a7f5c; } @media (prefers-color-scheme: dark) { :root { --accent: #112233; --on-accent: #ffffff; --link: CanvasText; } }',
    );
    // A light brand colour gets dark text on its buttons, and links in the text colour, which read on the page.
    expect(view('#ffd966')).toContain(':root { --accent: #ffd966; --on-accent: #111111; --link: CanvasText; }');
    const injected = view('red; } </style><script>alert(1)</script>');
    expect(injected).toContain(`:root { --accent: ${defaultSignInExperience.color.primary}; --on-accent: #ffffff; --link: ${defaultSignInExperience.color.primary}; }`);
    expect(injected).not.toContain('<script>');
  });

  test("an app's own sign-in experience: its colours, logo, name and links on its pages, escaped; another app's pages keep the tenant's", async () => {
    const clientId = await tenantData(server.db, tenantId).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
    // The app's dark colour and logo apply where the tenant's page has a dark mode.
    const { settings } = await readSignInExperience(server.db, tenantId, 'cloud');
    await writeSignInExperience(server.db, tenantId, { ...settings, color: { ...settings.color, isDarkModeEnabled: true } });
    await upsertSignInExperience(server.db, tenantId, clientId, {
      color: { primaryColor: '#0a7', darkPrimaryColor: '#33cc99' },
      branding: { logoUrl: 'https://cdn.example.test/logo.svg?a=1&b=2', darkLogoUrl: 'https://dark.example.test/logo.svg' },
      termsOfUseUrl: 'https://shop.example.test/terms',
      privacyPolicyUrl: 'https://shop.example.test/privacy',
      displayName: 'Shop & "Co" <b>',
    });
    const { html, page, pageUrl, browser } = await authorize({ ...client, clientId });
    expect(html).toContain(
      ':root { --accent: #00aa77; --on-accent: #111111; --link: CanvasText; } @media (prefers-color-scheme: dark) { :root { --accent: #33cc99; --on-accent: #111111; --link: #33cc99; } }',
    );
    expect(html).toContain('<img class="logo gh-logo" src="https://cdn.example.test/logo.svg?a=1&amp;b=2" alt="Shop &amp; &quot;Co&quot; &lt;b&gt;" />');
    expect(html).toContain('<source srcset="https://dark.example.test/logo.svg" media="(prefers-color-scheme: dark)" />');
    expect(html).toContain(`<h1>${t.signInToApp('Shop &amp; &quot;Co&quot; &lt;b&gt;')}</h1>`);
    expect(html).toContain(`<a href="https://shop.example.test/terms">${t.termsOfUse}</a>`);
    expect(html).toContain(`<a href="https://shop.example.test/privacy">${t.privacyPolicy}</a>`);
    expect(html).not.toContain('<b>');
    expect(page.headers.get('content-security-policy')).toContain("img-src 'self' data: https:;");
    const registration = await (await browser.request(`${pageUrl}/register`)).text();
    expect(registration).toContain('<img class="logo gh-logo" src="https://cdn.example.test/logo.svg?a=1&amp;b=2"');
    expect(registration).toContain(t.privacyPolicy);

    const other = await authorize(client);
    expect(other.html).toContain(`--accent: ${defaultSignInExperience.color.primary}`);
    expect(other.html).toContain(`<h1>${t.signInToApp('SPA app')}</h1>`);
    expect(other.html).not.toContain('class="logo');
    expect(other.html).not.toContain(t.termsOfUse);
    await writeSignInExperience(server.db, tenantId, settings);
  });

  test("an app's logo and links are http(s) URLs as the URL parser writes them: one srcset candidate, no other scheme", async () => {
    const app = {
      displayName: null,
      logoUrl: 'javascript:alert(1)',
      darkLogoUrl: 'https://cdn.example.test/a b.png 2x, https://evil.example.test/x.png',
      termsOfUseUrl: 'javascript:alert(2)',
      privacyPolicyUrl: 'data:text/html,hi',
    };
    const html = signInPageOf({ ...defaultSignInExperience, app });
    const logo = 'https://cdn.example.test/a%20b.png%202x,%20https://evil.example.test/x.png';
    expect(html).toContain(`<source srcset="${logo}" media="(prefers-color-scheme: dark)" />`);
    expect(html).toContain(`<img class="logo gh-logo" src="${logo}" alt="" />`);
    expect(html).not.toMatch(/javascript:|data:text/);
    expect(html).not.toContain(t.termsOfUse);
  });

  test('is localized, right to left in Arabic', async () => {
    const { html } = await authorize(client, { uiLocales: 'ar' });
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain(`<h1>${ar.pages.signInToApp('SPA app')}</h1>`);
  });
});
