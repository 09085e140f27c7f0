import type { Context, MiddlewareHandler } from 'hono';
import { and, eq, exists, gt, isNull, or, sql, type Placeholder } from 'drizzle-orm';
import { createLocalJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { adminTenantId } from '#schemas/constants.ts';
import { insufficientPermissionsMessage } from '#schemas/error.ts';
import type { Db } from '../db/client.ts';
import { oidcModels } from '../db/schema.ts';
import { publicJwks, signingAlgorithm, type ServerKeys } from '../oidc/keys.ts';
import { grantIdClaim } from '../oidc/resources.ts';
import { HttpError } from './errors.ts';

/**
 * The caller: the user, the token's scopes, and the grant (sign-in) the token comes from; or, for a tenant's
 * machine-to-machine app calling its management API, the app (`applicationId`, also the `userId`) and no grant.
 */
export type Auth = { userId: string; scopes: Set<string>; grantId: string; applicationId?: string };
export type AuthEnv = { Variables: { auth: Auth } };

export const assertScope = (auth: Auth, scope: string) => {
  if (!auth.scopes.has(scope)) throw new HttpError('auth.insufficient_scope', insufficientPermissionsMessage, { requiredScope: scope });
};

/** The audiences a route accepts; a function when they depend on the request (e.g. the tenant in the path). */
export type Audiences = string | ((c: Context) => string[]);

/** The user's grant (sign-in), while it is there: sign-out, a password change and account deletion remove it. */
const liveGrantQuery = (db: Db, grantId: string | Placeholder, userId: string | Placeholder) =>
  db
    .select({ id: oidcModels.id })
    .from(oidcModels)
    .where(
      and(
        eq(oidcModels.tenantId, adminTenantId),
        eq(oidcModels.model, 'Grant'),
        eq(oidcModels.id, grantId),
        sql`${oidcModels.payload} ->> 'accountId' = ${userId}`,
        or(isNull(oidcModels.expiresAt), gt(oidcModels.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);

export const isLiveGrant = async (db: Db, grantId: string, userId: string) => (await liveGrantQuery(db, grantId, userId)).length > 0;

/** The same check as a condition, for a route that reads it in its own first query (see `grantChecked`). */
export const liveGrant = (db: Db, grantId: string | Placeholder, userId: string | Placeholder) => exists(liveGrantQuery(db, grantId, userId));

export const signInEnded = () => new HttpError('auth.unauthorized', 'The sign-in this access token belongs to has ended.');

/**
 * Verifies bearer JWT access tokens issued by our own issuer for one of the route's audiences, whose sign-in has not
 * ended (so a token stops working at sign-out, not only when it expires). With `grantChecked: 'by-route'`, the
 * route's first query checks the sign-in with `liveGrant` instead, saving a round trip; it must answer `signInEnded`.
 */
export const createTokenGuard = (issuer: string, keys: ServerKeys, db: Db) => {
  const jwks = createLocalJWKSet(publicJwks(keys));

  return (audiences: Audiences, requiredScope?: string, { grantChecked = 'here' }: { grantChecked?: 'here' | 'by-route' } = {}): MiddlewareHandler<AuthEnv> =>
    async (c, next) => {
      const audience = typeof audiences === 'string' ? audiences : audiences(c);
      const header = c.req.header('authorization') ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match) throw new HttpError('auth.authorization_header_missing', 'A bearer access token is required.');
      let payload;
      try {
        ({ payload } = await jwtVerify(match[1]!, jwks, { issuer, audience, algorithms: [signingAlgorithm] }));
      } catch (error) {
        const expired = error instanceof joseErrors.JWTExpired;
        throw new HttpError(expired ? 'auth.token_expired' : 'auth.unauthorized', expired ? 'The access token has expired.' : 'The access token is invalid.');
      }
      if (typeof payload.sub !== 'string') throw new HttpError('auth.unauthorized', 'The access token has no subject.');
      const scopes = new Set(typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : []);
      const grantId = payload[grantIdClaim];
      if (typeof grantId !== 'string' || (grantChecked === 'here' && !(await isLiveGrant(db, grantId, payload.sub)))) throw signInEnded();
      const auth: Auth = { userId: payload.sub, scopes, grantId };
      if (requiredScope) assertScope(auth, requiredScope);
      c.set('auth', auth);
      await next();
    };
};
