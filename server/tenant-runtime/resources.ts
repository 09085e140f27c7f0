import type { IdTokenSigningAlgorithm } from '#schemas/application.ts';
import { errors, type Client, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import type { Db } from '../db/client.ts';
import { resourceReadWithClient } from './client-reader.ts';
import { findDefaultResource, findResourceGrant, type ScopeHolder } from './store.ts';

/** The user a token is being issued to: signed in at /auth, or the one of the code or refresh token at /token. */
const accountIdOf = (ctx: KoaContextWithOIDC) =>
  ctx.oidc.entities.Account?.accountId ??
  ctx.oidc.entities.AuthorizationCode?.accountId ??
  ctx.oidc.entities.RefreshToken?.accountId ??
  ctx.oidc.session?.accountId;

/**
 * The tenant's API resources as the issuer's resource servers (api-resources.md §8): a JWT access token with the
 * resource's indicator as audience and its lifetime. Its permissions are those the subject's roles grant (the app's
 * machine-to-machine roles, or the user's roles); oidc-provider issues the ones among them that the request names.
 * Read on every request, so changes apply to the next token. An unknown indicator is invalid_target. Signed by `sign`.
 */
export const createResourceServerInfo =
  (db: Db, tenantId: string, sign: { alg: IdTokenSigningAlgorithm; kid: string | undefined }) =>
  async (ctx: KoaContextWithOIDC, indicator: string, client: Client): Promise<ResourceServer> => {
    const accountId = accountIdOf(ctx);
    const holder: ScopeHolder =
      ctx.oidc.params?.grant_type === 'client_credentials' ? { application: client.clientId } : accountId ? { user: accountId } : undefined;
    const readWithClient = holder && 'application' in holder ? resourceReadWithClient(ctx, holder.application, indicator) : undefined;
    const resource = readWithClient ? readWithClient.grant : await findResourceGrant(db, tenantId, indicator, holder);
    if (!resource) throw new errors.InvalidTarget();
    return {
      audience: indicator,
      scope: resource.granted.join(' '),
      accessTokenFormat: 'jwt',
      accessTokenTTL: resource.accessTokenTtl,
      // The tenant's primary current key (keys.ts), named so that a next or previous key of its algorithm never signs.
      jwt: { sign: { alg: sign.alg, ...(sign.kid ? { kid: sign.kid } : {}) } },
    };
  };

/** The resource a request means when it names none: the tenant's default API, if it has one. */
export const createDefaultResource = (db: Db, tenantId: string) => async (_ctx: KoaContextWithOIDC, _client: Client, oneOf?: readonly string[]) =>
  oneOf ?? (await findDefaultResource(db, tenantId));

/**
 * A sign-in granted the default API (named or, when it named none, by default) exchanges its code for a JWT for that
 * API, so an app that names no API still gets one (api-resources.md §8). A sign-in for other APIs gets the userinfo
 * token from its code, and its APIs' tokens by refresh, as the SDKs expect.
 */
export const createUseGrantedResource = (db: Db, tenantId: string) => async (_ctx: KoaContextWithOIDC, model: { kind: string; resource?: unknown }) =>
  model.kind === 'AuthorizationCode' && typeof model.resource === 'string' && model.resource === (await findDefaultResource(db, tenantId));
