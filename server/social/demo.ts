import { and, eq, gt } from 'drizzle-orm';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Db } from '../db/client.ts';
import { demoSocialCodes } from '../db/schema.ts';
import { generateId } from '../ids.ts';
import { createNonce, page, pageSecurityHeaders } from '../pages/layout.ts';
import type { Locale } from '#schemas/locales.ts';
import { pickLocale } from '../pages/messages.ts';
import { isOwnUrl, withQuery, type SocialConnectorProvider } from './connectors.ts';
import { demoSocialLocales } from './demo-messages.ts';

export const demoSocialConnectorId = 'demo-social';
export const demoSocialTarget = 'demo';
const basePath = '/social/demo';
const codeLifetimeMs = 5 * 60 * 1000;
const maxStateLength = 128;

/** The identities the demo provider can return. */
export const demoIdentities = [
  { id: 'demo-user-1', name: 'Demo User One', email: 'demo.one@social.example' },
  { id: 'demo-user-2', name: 'Demo User Two', email: 'demo.two@social.example' },
] as const;

const logo = (background: string, foreground: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" role="img">
<title>Demo social</title><rect width="32" height="32" rx="8" fill="${background}"/>
<path d="M9 8h7a8 8 0 0 1 0 16H9z" fill="none" stroke="${foreground}" stroke-width="3"/></svg>`;
const logos = { light: logo('#5d34f2', '#ffffff'), dark: logo('#a68bff', '#16161d') };

/** The request of the provider's page: an own redirect address and a state, or nothing valid. */
const readRequest = (publicUrl: string, redirectUri: unknown, state: unknown) =>
  typeof redirectUri === 'string' && isOwnUrl(publicUrl, redirectUri) && typeof state === 'string' && state !== '' && state.length <= maxStateLength
    ? { redirectUri, state }
    : undefined;

const authorizePage = (locale: Locale, nonce: string, request: { redirectUri: string; state: string }) => {
  const t = demoSocialLocales[locale];
  return page({
    locale,
    nonce,
    title: t.title,
    body: html`<p>${t.description}</p>
      <form method="post" action="${basePath}/authorize">
        <input type="hidden" name="redirect_uri" value="${request.redirectUri}" />
        <input type="hidden" name="state" value="${request.state}" />
        <fieldset class="choices">
          <legend>${t.chooseIdentity}</legend>
          ${demoIdentities.map(
            (identity, index) =>
              html`<button type="submit" name="identity" value="${identity.id}" ${index === 0 ? 'autofocus' : ''}>${t.continueAs(identity.name)}</button>`,
          )}
        </fieldset>
        <button type="submit" name="cancel" value="1" class="secondary">${t.cancel}</button>
      </form>`,
  });
};

/**
 * The built-in demo social provider: an OAuth-style authorization page that asks which demo identity to return, then
 * sends the browser back to redirect_uri with a single-use code and the state.
 */
export const demoSocialRoutes = (db: Db, publicUrl: string) => {
  const app = new Hono();

  const invalid = (locale: Locale) => {
    const t = demoSocialLocales[locale];
    const nonce = createNonce();
    return { nonce, body: page({ locale, nonce, title: t.invalidRequestTitle, body: html`<p role="alert">${t.invalidRequest}</p>` }) };
  };

  app.get('/authorize', (c) => {
    const locale = pickLocale(c.req.query('ui_locales'), c.req.header('accept-language'));
    const request = readRequest(publicUrl, c.req.query('redirect_uri'), c.req.query('state'));
    if (!request) {
      const { nonce, body } = invalid(locale);
      return c.html(body, 400, pageSecurityHeaders(nonce));
    }
    const nonce = createNonce();
    return c.html(authorizePage(locale, nonce, request), 200, pageSecurityHeaders(nonce));
  });

  app.post('/authorize', async (c) => {
    const form = await c.req.parseBody();
    const request = readRequest(publicUrl, form.redirect_uri, form.state);
    if (!request) {
      const { nonce, body } = invalid(pickLocale(undefined, c.req.header('accept-language')));
      return c.html(body, 400, pageSecurityHeaders(nonce));
    }
    const identity = demoIdentities.find((candidate) => candidate.id === form.identity);
    if (form.cancel || !identity) return c.redirect(withQuery(request.redirectUri, { error: 'access_denied', state: request.state }), 303);
    const code = generateId();
    await db.insert(demoSocialCodes).values({
      code,
      identity: identity.id,
      redirectUri: request.redirectUri,
      expiresAt: new Date(Date.now() + codeLifetimeMs),
    });
    return c.redirect(withQuery(request.redirectUri, { code, state: request.state }), 303);
  });

  for (const [file, svg] of [['logo.svg', logos.light], ['logo-dark.svg', logos.dark]] as const) {
    app.get(`/${file}`, (c) =>
      c.body(svg, 200, {
        'Content-Type': 'image/svg+xml',
        'Cache-Control': 'public, max-age=86400',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      }),
    );
  }
  return app;
};

export const demoSocialBasePath = basePath;

/** The connector of the demo provider, as GET me/social/connectors lists it. */
export const demoSocialProvider = (publicUrl: string): SocialConnectorProvider => ({
  connector: {
    id: demoSocialConnectorId,
    name: Object.fromEntries(Object.entries(demoSocialLocales).map(([locale, t]) => [locale, t.connectorName])),
    logo: `${publicUrl}${basePath}/logo.svg`,
    logoDark: `${publicUrl}${basePath}/logo-dark.svg`,
    target: demoSocialTarget,
  },
  authorizationUri: ({ state, redirectUri }) =>
    withQuery(`${publicUrl}${basePath}/authorize`, { client_id: demoSocialConnectorId, response_type: 'code', redirect_uri: redirectUri, state }),
  exchange: async (tx, data) => {
    if (!data.code) return undefined;
    const [row] = await tx
      .delete(demoSocialCodes)
      .where(and(eq(demoSocialCodes.code, data.code), gt(demoSocialCodes.expiresAt, new Date())))
      .returning();
    if (!row || (data.redirectUri !== undefined && data.redirectUri !== row.redirectUri)) return undefined;
    const identity = demoIdentities.find((candidate) => candidate.id === row.identity);
    return identity && { id: identity.id, details: { ...identity } };
  },
});
