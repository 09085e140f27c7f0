/**
 * # The tenant runtime: each tenant an identity service of its own (tenant-runtime.md, phases 0 and 1)
 *
 * Everything of tenant T lives under `{base} = {PUBLIC_URL}/t/{T}` (`tenantEndpoint()` in server/api/cloud.ts):
 * - `{base}/oidc/…`: T's OIDC issuer (issuer `{base}/oidc`): discovery, `/jwks`, `/auth`, `/token`, `/me` (userinfo),
 *   `/session/end`, `/token/revocation`, `/token/introspection`. Served by T's own oidc-provider, taken from a pool
 *   (pool.ts); its clients are T's applications, its resources T's API resources, its accounts T's users (idp.*).
 * - every other path under `{base}` goes to the Hono app unchanged, once T is known to exist: the management API for
 *   T's machine-to-machine apps at `{base}/api/*`, and T's sign-in pages at `{base}/sign-in/…`.
 * An unknown T answers 404 (`tenant.not_found`), and is answered from memory for 30 s.
 *
 * ## For the tenant's sign-in pages
 * - oidc-provider sends the browser to `{base}/sign-in/{uid}` (its `interactions.url`). The page's Hono route gets T's
 *   provider with `runtime.providerOf(T)` (undefined: no such tenant) and calls `interactionDetails(req, res)` and
 *   `interactionFinished(req, res, { login: { accountId } })` on it with `c.env.incoming` and `c.env.outgoing`, where
 *   `accountId` is the id of one of T's users (idp.users). A suspended user has no account: the sign-in then fails.
 * - Consent: first-party apps never see a consent prompt (the provider grants what they ask for, as the console's
 *   issuer does; see `loadExistingGrant` in issuer.ts). Third-party apps get the `consent` prompt.
 * - Cookies are T's own: path `/t/{T}/`, names `_session.{T}`, `_interaction.{T}` and `_interaction_resume.{T}`.
 * - A suspended tenant answers `access_denied` at `/auth` and `/token`; discovery and JWKS still answer.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeJwt, jwtVerify } from 'jose';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { idTokenSigningAlgorithms } from '#schemas/application.ts';
import { createTenantPool } from './pool.ts';
import { createUsageCounter } from './usage.ts';
import { createKeyUsageCounter } from './key-usage.ts';

export { tenantBasePath } from './issuer.ts';

const oidcPath = '/oidc';
const tenantPathPattern = /^\/t\/([^/?#]+)(.*)$/s;

export type TenantRuntimes = Awaited<ReturnType<typeof createTenantRuntimes>>;

/** The outcome of checking a bearer token that names a tenant's issuer (see `verifyAccessToken`). */
export type TenantTokenCheck =
  | { ok: true; clientId: string; subject: string; scopes: Set<string> }
  | { ok: false; reason: 'invalid' | 'expired' | 'audience'; expectedAudience: string };

const notFound = (res: ServerResponse) => {
  res.writeHead(404, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code: 'tenant.not_found', message: 'The tenant does not exist.' }));
};

/** The tenant issuers of this process, and the dispatcher of `/t/{tenantId}/…` requests. */
export const createTenantRuntimes = async (config: ServerConfig, database: Database) => {
  const usage = createUsageCounter(database.db);
  const keyUsage = createKeyUsageCounter(database.db);
  const pool = await createTenantPool({ config, database, usage, keyUsage, size: config.tenantPoolSize });

  /**
   * Serves a request under `/t/{tenantId}/`: its issuer's paths through the tenant's provider (with the prefix
   * stripped, as /oidc is for the console's issuer), the rest through `rest`. Answers false for other paths.
   */
  const dispatch = (req: IncomingMessage, res: ServerResponse, rest: (req: IncomingMessage, res: ServerResponse) => void) => {
    const url = req.url ?? '/';
    const match = tenantPathPattern.exec(url);
    if (!match) return false;
    const [, tenantId = '', path = ''] = match;
    pool.get(tenantId).then(
      (runtime) => {
        if (!runtime) return notFound(res);
        if (path !== oidcPath && !path.startsWith(`${oidcPath}/`) && !path.startsWith(`${oidcPath}?`)) return rest(req, res);
        // oidc-provider builds its URLs from originalUrl and routes on url.
        Object.assign(req, { originalUrl: url });
        req.url = path.slice(oidcPath.length) || '/';
        runtime.callback(req, res);
      },
      (error: unknown) => {
        console.error(`tenant ${tenantId}: the issuer could not be loaded`, error);
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'unknown', message: 'Internal server error.' }));
      },
    );
    return true;
  };

  /** The tenant's oidc-provider, for its pages' interactions; undefined when there is no such tenant. */
  const providerOf = async (tenantId: string) => (await pool.get(tenantId))?.provider;

  /**
   * Checks a JWT access token of the tenant's own issuer for `audience`: signature (the tenant's keys), issuer, expiry,
   * then the audience. Answers undefined when the token does not name this tenant's issuer (it is someone else's).
   */
  const verifyAccessToken = async (tenantId: string, token: string, audience: string): Promise<TenantTokenCheck | undefined> => {
    let issuer: unknown;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      return undefined;
    }
    const runtime = await pool.get(tenantId);
    if (!runtime || issuer !== runtime.issuer) return undefined;
    const refused = (reason: 'invalid' | 'expired' | 'audience'): TenantTokenCheck => ({ ok: false, reason, expectedAudience: audience });
    try {
      const { payload } = await jwtVerify(token, runtime.jwks, { issuer: runtime.issuer, algorithms: [...idTokenSigningAlgorithms] });
      const audiences = typeof payload.aud === 'string' ? [payload.aud] : (payload.aud ?? []);
      if (!audiences.includes(audience)) return refused('audience');
      if (typeof payload.client_id !== 'string' || typeof payload.sub !== 'string') return refused('invalid');
      const scopes = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : []);
      return { ok: true, clientId: payload.client_id, subject: payload.sub, scopes };
    } catch (error) {
      return refused(error instanceof Error && error.name === 'JWTExpired' ? 'expired' : 'invalid');
    }
  };

  return {
    dispatch,
    providerOf,
    verifyAccessToken,
    /** How many tenant issuers this process holds (bench). */
    cachedTenants: pool.size,
    close: async () => {
      await pool.close();
      await usage.flush();
      await keyUsage.flush();
    },
    /** Writes the tokens signed per key counted so far (tests, bench). */
    flushKeyUsage: keyUsage.flush,
  };
};
