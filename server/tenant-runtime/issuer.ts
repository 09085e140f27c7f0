import Provider, { errors, type Client, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { idTokenSigningAlgorithms } from '#schemas/application.ts';
import { userScopes } from '#schemas/constants.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createAdapterFactory } from '../oidc/adapter.ts';
import { signInParams } from '../pages/sign-in-pages.ts';
import { externalSigningSupport, signingKeysOf } from '../oidc/signing-keys.ts';
import { claims, logErrors, logoutSource, renderError } from '../oidc/provider.ts';
import { createFindAccount } from './account.ts';
import { createClientReader } from './client-reader.ts';
import { extraClientProperties, isAllowedOrigin, requiresPkce, settingsOf } from './clients.ts';
import type { TenantKeys } from './keys.ts';
import { createDefaultResource, createUseGrantedResource, createResourceServerInfo } from './resources.ts';
import { logIssuerEvents } from './logs.ts';
import { createExtraTokenClaims } from './jwt-claims.ts';
import { sandboxNetworkOf } from '../tenant/jwt-customizer/sandbox-fetch.ts';
import { jwtSandbox } from '../tenant/jwt-customizer/sandbox-pool.ts';
import type { UsageCounter } from './usage.ts';
import type { KeyUsageCounter } from './key-usage.ts';

const day = 24 * 60 * 60;

/** Where a tenant's endpoints live under this server (tenant-runtime.md §1, `path` mode). */
export const tenantBasePath = (tenantId: string) => `/t/${tenantId}`;
export const tenantIssuerPath = (tenantId: string) => `${tenantBasePath(tenantId)}/oidc`;

/** The parts of a tenant issuer read at run time from the cached runtime rather than from each request. */
export type IssuerState = { isSuspended: () => boolean };

type Options = { config: ServerConfig; db: Db; tenantId: string; keys: TenantKeys; state: IssuerState; usage: UsageCounter; keyUsage: KeyUsageCounter };

/**
 * First-party apps get what they ask for without a consent page (as the console's own issuer grants its consent): the
 * grant holds the requested scopes, and each token carries those the subject's roles allow at that moment.
 */
const loadExistingGrant: NonNullable<Configuration['loadExistingGrant']> = async (ctx) => {
  const { client, session, provider } = ctx.oidc;
  if (!client || !session?.accountId) return undefined;
  const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
  const existing = grantId ? await provider.Grant.find(grantId) : undefined;
  if (settingsOf(client).isThirdParty) return existing;
  const grant = existing ?? new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
  const requested = [...ctx.oidc.requestParamScopes];
  grant.addOIDCScope(requested.filter(scopeIsOidc).join(' '));
  grant.addOIDCClaims(ctx.oidc.requestParamClaims ? [...ctx.oidc.requestParamClaims] : []);
  for (const indicator of Object.keys(ctx.oidc.resourceServers ?? {})) {
    grant.addResourceScope(indicator, requested.filter((scope) => !scopeIsOidc(scope)).join(' '));
  }
  await grant.save();
  return grant;
};

const oidcScopes = new Set<string>(['openid', ...Object.values(userScopes)]);
const scopeIsOidc = (scope: string) => oidcScopes.has(scope);

/**
 * RFC 7662 §4: a client introspects only the tokens issued to it (revocation's default policy holds it to the same).
 * JWT access tokens are not stored: introspection answers them unsupported_token_type, and revoking one does nothing.
 */
const ownTokensOnly = (_ctx: KoaContextWithOIDC, client: Client, token: { clientId?: string }) => token.clientId === client.clientId;

/**
 * Browsers keep a SameSite=None cookie only when it is Secure, and a cookie is Secure only over https: over plain http
 * (development), the session cookie stays Lax, so signing in works, and a cross-site POST goes without it.
 */
const sameSiteNoneNeedsHttps = (ctx: KoaContextWithOIDC) => {
  const cookies = ctx.response.get('set-cookie') as unknown as string[] | string;
  if (ctx.secure || !cookies) return;
  ctx.set('set-cookie', [cookies].flat().map((cookie) => cookie.replace(/; samesite=none/i, '; samesite=lax')));
};

/**
 * RFC 6749 §5.2: a grant type the authenticated client is not registered for is unauthorized_client, where
 * oidc-provider answers invalid_request (an unsupported one stays unsupported_grant_type).
 */
const grantTypeNotAllowed = (ctx: KoaContextWithOIDC) => {
  const body = ctx.body as { error?: string } | undefined;
  const { client, params } = ctx.oidc ?? {};
  const grantType = params?.grant_type;
  if (ctx.path !== '/token' || body?.error !== 'invalid_request' || !client || typeof grantType !== 'string') return;
  if (!client.grantTypeAllowed(grantType)) ctx.body = { ...body, error: 'unauthorized_client' };
};

/** Authorization and token requests of a suspended tenant are refused; discovery, JWKS and the rest still answer. */
const refusedWhenSuspended = new Set(['/auth', '/token']);

/** One tenant's OIDC issuer at `{PUBLIC_URL}/t/{tenantId}/oidc` (tenant-runtime.md §2). */
export const createTenantIssuer = ({ config, db, tenantId, keys, state, usage, keyUsage }: Options) => {
  const basePath = tenantBasePath(tenantId);
  const issuer = `${config.publicUrl}${tenantIssuerPath(tenantId)}`;
  const cookieKey = keys.cookies[0]!;
  const { findClient, isClientSecret } = createClientReader(db, tenantId, cookieKey, keys.algorithm);
  const cookieName = (name: string) => `${name}.${tenantId}`;
  const cookieOptions = { httpOnly: true, sameSite: 'lax' as const, path: `${basePath}/` };
  // The session cookie goes with an app's cross-site POST to /auth and /session/end (see sameSiteNoneNeedsHttps).
  const sessionCookieOptions = { ...cookieOptions, sameSite: 'none' as const };

  const provider = new Provider(issuer, {
    adapter: createAdapterFactory(db, tenantId, { findClient }),
    extraClientMetadata: { properties: [...extraClientProperties] },
    clientBasedCORS: (_ctx, origin, client) => isAllowedOrigin(client, origin),
    jwks: { keys: signingKeysOf(keys.signing, (kid, expiresAt) => keyUsage.count(tenantId, kid, expiresAt)) },
    // The tenant has a key of each (keys.ts); discovery lists them (OIDC Discovery §3), each app picks one.
    enabledJWA: { idTokenSigningAlgValues: [...idTokenSigningAlgorithms] },
    cookies: {
      keys: keys.cookies,
      names: { session: cookieName('_session'), interaction: cookieName('_interaction'), resume: cookieName('_interaction_resume') },
      long: sessionCookieOptions,
      short: cookieOptions,
    },
    // OIDC Core §3.1.2.1 and RP-Initiated Logout §2: the authorization and end-session endpoints answer POST too.
    enableHttpPostMethods: true,
    // Advertised in discovery: only what the tenant's applications can use (a code flow; a secret, or none with PKCE).
    responseTypes: ['code'],
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    // OIDC Core §3.1.2.1: redirect_uri is required, even for a client with one registered.
    allowOmittingSingleRegisteredRedirectUri: false,
    findAccount: createFindAccount(db, tenantId),
    claims,
    scopes: [...oidcScopes],
    conformIdTokenClaims: false,
    loadExistingGrant,
    extraTokenClaims: createExtraTokenClaims(db, tenantId, jwtSandbox, sandboxNetworkOf({ edition: config.edition, allowPrivateAddresses: config.hooksAllowPrivateAddresses })),
    extraParams: signInParams,
    interactions: { url: (_ctx, interaction) => `${basePath}/sign-in/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      externalSigningSupport,
      // Typed as a variant that needs rich authorization requests: enabled here without them, as oidc-provider allows.
      introspection: { enabled: true, allowedPolicy: ownTokensOnly } as unknown as { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: createDefaultResource(db, tenantId),
        useGrantedResource: createUseGrantedResource(db, tenantId),
        getResourceServerInfo: createResourceServerInfo(db, tenantId, { alg: keys.algorithm, kid: keys.signingKid }),
      },
    },
    pkce: { required: (_ctx, client) => requiresPkce(client) },
    issueRefreshToken: async (_ctx, client, code) =>
      client.grantTypeAllowed('refresh_token') &&
      (code.scopes.has(userScopes.offlineAccess) || (client.applicationType === 'web' && settingsOf(client).alwaysIssueRefreshToken)),
    rotateRefreshToken: (ctx) => (ctx.oidc.client ? settingsOf(ctx.oidc.client).rotateRefreshToken : true),
    ttl: {
      // The API resource's lifetime (getResourceServerInfo); an hour for userinfo.
      AccessToken: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? 3600,
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? 3600,
      AuthorizationCode: 60,
      IdToken: (_ctx, _token, client) => settingsOf(client).idTokenTtl,
      Interaction: 3600,
      RefreshToken: (_ctx, _token, client) => settingsOf(client).refreshTokenTtlInDays * day,
      // A grant outlives its refresh tokens (at most 90 days).
      Grant: 90 * day,
      Session: 14 * day,
    },
    renderError,
  });
  provider.proxy = config.trustProxy;
  provider.maxIpsCount = 1;

  // The client secrets are the application's stored ones: any that has not expired authenticates (applications.md §10).
  provider.Client.prototype.compareClientSecret = function (this: { clientId: string }, presented: string) {
    return isClientSecret(this.clientId, presented);
  };

  logIssuerEvents(provider, db, tenantId);
  provider.use(async (koaCtx, next) => {
    const ctx = koaCtx as unknown as KoaContextWithOIDC;
    if (state.isSuspended() && refusedWhenSuspended.has(ctx.path)) {
      const out = { error: 'access_denied', error_description: 'the tenant is suspended' };
      if (ctx.path === '/token') {
        ctx.status = 400;
        ctx.body = out;
        return;
      }
      ctx.status = 403;
      await renderError(ctx, out, new errors.AccessDenied(out.error_description));
      return;
    }
    await next();
    sameSiteNoneNeedsHttps(ctx);
    grantTypeNotAllowed(ctx);
  });

  provider.on('grant.success', (ctx: KoaContextWithOIDC) => usage.count(tenantId, ctx.oidc.entities.Account?.accountId));
  logErrors(provider, `tenant ${tenantId} oidc`, config.debug);
  return { provider, issuer };
};
