import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { html, raw } from 'hono/html';
import {
  adminConsoleAppId,
  adminTenantId,
  consolePath,
  resourceIndicators,
  userScopes,
} from '#schemas/constants.ts';
import { features } from '#schemas/edition.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { signInParams } from '../pages/sign-in-pages.ts';
import { createNonce, page, pageSecurityHeaders, redirectOrigins } from '../pages/layout.ts';
import { pageLocales, pickLocale } from '../pages/messages.ts';
import { consoleRefreshTokenGraceSeconds, createAdapterFactory } from './adapter.ts';
import { createFindAccount } from './account.ts';
import { signingAlgorithm, type ServerKeys } from './keys.ts';
import { registerRefreshTokenGrant } from './refresh-grant.ts';
import { accessTokenTtl, createResourceServerInfo, grantIdClaim } from './resources.ts';
import { loadGrant } from './console-grant.ts';

const day = 24 * 60 * 60;

/** Claims per scope, of both the console's and the tenants' issuers; custom_data and identities are only ever put into userinfo (see account.ts). */
export const claims = {
  [userScopes.profile]: ['name', 'picture', 'username'],
  [userScopes.email]: ['email', 'email_verified'],
  [userScopes.phone]: ['phone_number', 'phone_number_verified'],
  [userScopes.address]: ['address'],
  [userScopes.roles]: ['roles'],
  [userScopes.customData]: ['custom_data'],
  [userScopes.identities]: ['identities'],
  [userScopes.organizations]: ['organizations'],
  [userScopes.organizationRoles]: ['organization_roles'],
};

const sendPage = (
  ctx: KoaContextWithOIDC,
  body: (nonce: string, locale: keyof typeof pageLocales) => Promise<string> | string,
  formOrigins: string[] = [],
) => {
  const nonce = createNonce();
  const locale = pickLocale(ctx.oidc?.params?.ui_locales, ctx.get('accept-language'));
  ctx.set(pageSecurityHeaders(nonce, formOrigins));
  ctx.type = 'html';
  return Promise.resolve(body(nonce, locale)).then((text) => {
    // hono's html helper returns a String object, which koa would send as JSON.
    ctx.body = String(text);
  });
};

/**
 * The end-session confirmation posts itself with logout=yes, so signing out really ends the session; its answer
 * redirects to the client's post-logout URI.
 */
export const logoutSource = (ctx: KoaContextWithOIDC, form: string) =>
  sendPage(
    ctx,
    (nonce, locale) => {
      const t = pageLocales[locale];
      const confirmForm = form.replace(
        '</form>',
        `<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">${t.signOutButton}</button></noscript></form>`,
      );
      return page({
        locale,
        nonce,
        title: t.signOutTitle,
        body: html`<p role="status">${t.signingOut}</p>${raw(confirmForm)}`,
        script: "document.getElementById('op.logoutForm').submit();",
      });
    },
    redirectOrigins(ctx.oidc.params?.post_logout_redirect_uri),
  );

export const renderError: NonNullable<Configuration['renderError']> = (ctx, out) =>
  sendPage(ctx, (nonce, locale) => {
    const t = pageLocales[locale];
    return page({
      locale,
      nonce,
      title: t.errorTitle,
      body: html`<p role="alert">${out.error_description ?? t.requestFailed}</p>
        <p><code>${out.error}</code></p>`,
    });
  });

/** Logs the provider's server errors and, with DEBUG, its reasons for refused requests, each line starting with `prefix`. */
export const logErrors = (provider: Provider, prefix: string, debug: boolean) => {
  provider.on('server_error', (_ctx, error) => console.error(`${prefix} server_error`, error));
  if (!debug) return;
  const log = (event: string) => (_ctx: KoaContextWithOIDC, error: Error & { error_detail?: string }) =>
    console.error(`${prefix} ${event}:`, error.message, error.error_detail ?? '');
  provider.on('grant.error', log('grant.error'));
  provider.on('authorization.error', log('authorization.error'));
  provider.on('end_session.error', log('end_session.error'));
  provider.on('userinfo.error', log('userinfo.error'));
};

export const createProvider = (config: ServerConfig, db: Db, keys: ServerKeys) => {
  const consoleUrl = `${config.publicUrl}${consolePath}`;
  const issuer = `${config.publicUrl}/oidc`;
  const provider = new Provider(issuer, {
    adapter: createAdapterFactory(db, adminTenantId, { refreshTokenGraceSeconds: consoleRefreshTokenGraceSeconds }),
    clients: [
      {
        client_id: adminConsoleAppId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        id_token_signed_response_alg: signingAlgorithm,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: [`${consoleUrl}/callback`],
        post_logout_redirect_uris: [consoleUrl],
      },
    ],
    clientBasedCORS: (_ctx, origin) => origin === config.publicUrl,
    jwks: { keys: keys.signing },
    cookies: { keys: keys.cookies },
    findAccount: createFindAccount(db),
    claims,
    scopes: Object.values(userScopes),
    conformIdTokenClaims: false,
    // The grant an access token comes from, so that an API call can act on "this sign-in" (see grantIdClaim).
    extraTokenClaims: async (_ctx, token) => ('grantId' in token && typeof token.grantId === 'string' ? { [grantIdClaim]: token.grantId } : undefined),
    extraParams: signInParams,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    loadExistingGrant: loadGrant,
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: { enabled: true, logoutSource },
      resourceIndicators: {
        enabled: true,
        defaultResource: (_ctx, _client, oneOf) => oneOf ?? undefined,
        useGrantedResource: () => false,
        getResourceServerInfo: createResourceServerInfo(config, db),
      },
    },
    pkce: { required: () => true },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: 3600,
      Interaction: 3600,
      Grant: 14 * day,
      RefreshToken: 14 * day,
      Session: 14 * day,
    },
    renderError,
  });
  // Koa then reads the scheme, host and client address from the proxy's X-Forwarded-* headers: behind a TLS proxy, the
  // request counts as https and the provider's cookies are Secure. Only the last X-Forwarded-For hop, the proxy's own.
  provider.proxy = config.trustProxy;
  provider.maxIpsCount = 1;
  registerRefreshTokenGrant(provider, db);

  // A refresh token can become an organization token only if its authorization named the organizations resource.
  if (features(config.edition).multipleTenants) {
    provider.use(async (ctx, next) => {
      if (ctx.path === '/auth' && ctx.method === 'GET') {
        const query = new URLSearchParams(ctx.querystring);
        const scopes = (query.get('scope') ?? '').split(' ');
        if (scopes.includes(userScopes.organizations) && !query.getAll('resource').includes(resourceIndicators.organizations)) {
          query.append('resource', resourceIndicators.organizations);
          ctx.querystring = query.toString();
          // oidc-provider derives its mount path from originalUrl, which must end with the (rewritten) url.
          Object.assign(ctx.req, { originalUrl: `${new URL(issuer).pathname}${ctx.url}` });
        }
      }
      await next();
    });
  }

  logErrors(provider, 'oidc', config.debug);
  return provider;
};
