import { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { jwtCustomizerLogKeys, type EnvironmentVariables, type JwtTokenType } from '#schemas/jwt-customizer.ts';
import type { Db } from '../db/client.ts';
import { findApplication, toApplication } from '../tenant/applications/store.ts';
import { openEnvironment } from '../tenant/jwt-customizer/domain.ts';
import { runCustomizer } from '../tenant/jwt-customizer/run.ts';
import type { SandboxNetwork } from '../tenant/jwt-customizer/sandbox-fetch.ts';
import type { SandboxPool } from '../tenant/jwt-customizer/sandbox-pool.ts';
import { findCustomizerRow, userRolesWithScopes, type JwtCustomizerRow } from '../tenant/jwt-customizer/store.ts';
import { recordLog } from '../tenant/logs/record.ts';
import { toTenantUser } from '../tenant/users/store.ts';
import { applicationReadWithClient } from './client-reader.ts';
import { findUser } from './store.ts';

type ExtraTokenClaims = NonNullable<Configuration['extraTokenClaims']>;
type IssuedToken = Parameters<ExtraTokenClaims>[1];

const tokenTypes: Partial<Record<string, JwtTokenType>> = { AccessToken: 'access-token', ClientCredentials: 'client-credentials' };

/** The token as the script sees it (customize-jwt.md §3). */
const tokenInput = (token: IssuedToken) => {
  const fields = token as IssuedToken & Record<string, unknown>;
  const names = token.kind === 'AccessToken'
    ? ['jti', 'aud', 'scope', 'clientId', 'accountId', 'expiresWithSession', 'grantId', 'gty', 'sessionUid', 'sid', 'kind']
    : ['jti', 'aud', 'scope', 'clientId', 'kind'];
  return Object.fromEntries(names.flatMap((name) => (fields[name] === undefined ? [] : [[name, fields[name]]])));
};

/** The user of a user token, read now: the next token shows a change of their data or roles at once. */
const userContext = async (db: Db, tenantId: string, userId: string) => {
  const [row, roles] = await Promise.all([findUser(db, tenantId, userId), userRolesWithScopes(db, tenantId, userId)]);
  if (!row) return undefined;
  const { primaryEmailVerified: _email, primaryPhoneVerified: _phone, ...user } = toTenantUser(row);
  const factors = [...new Set((row.mfaVerifications as { type?: string }[]).flatMap((factor) => (factor.type ? [factor.type] : [])))];
  return { ...user, ssoIdentities: [], mfaVerificationFactors: factors, roles, organizations: [], organizationRoles: [] };
};

const accountOf = (token: IssuedToken) => ('accountId' in token && typeof token.accountId === 'string' ? token.accountId : undefined);

/** The token's application: the one its request read to authenticate the client, else read now. */
const applicationOf = async (ctx: KoaContextWithOIDC, db: Db, tenantId: string, clientId: string) => {
  const read = applicationReadWithClient(ctx, clientId);
  return read ? toApplication(read) : findApplication(db, tenantId, clientId);
};

const contextOf = async (ctx: KoaContextWithOIDC, db: Db, tenantId: string, tokenType: JwtTokenType, token: IssuedToken) => {
  const application = token.clientId ? await applicationOf(ctx, db, tenantId, token.clientId) : undefined;
  if (tokenType === 'client-credentials') return { application };
  const accountId = accountOf(token);
  return { user: accountId ? await userContext(db, tenantId, accountId) : undefined, ...(application ? { application } : {}) };
};

/**
 * The tenant's custom JWT claims (customize-jwt.md §6): for a JWT access token of an API resource (a user's, or a
 * client-credentials one), its script runs in the sandbox on the token and its context, read from the database now.
 * `api.denyAccess` fails the token request with access_denied; any other failure issues the token without the claims,
 * or fails it with invalid_request when the script blocks issuance on error. A failure or a denial is logged, without
 * the script or its variables. The scripts (their variables opened) are read once per issuer instance: a change
 * rebuilds the instance.
 */
export const createExtraTokenClaims = (db: Db, tenantId: string, sandbox: SandboxPool, network: SandboxNetwork): ExtraTokenClaims => {
  type Customizer = { row: JwtCustomizerRow; environmentVariables: EnvironmentVariables };
  const scripts = new Map<JwtTokenType, Promise<Customizer | undefined>>();
  const scriptOf = (tokenType: JwtTokenType) => {
    const known = scripts.get(tokenType);
    if (known) return known;
    const loading = findCustomizerRow(db, tenantId, tokenType).then((row) => row && { row, environmentVariables: openEnvironment(row) });
    scripts.set(tokenType, loading);
    loading.catch(() => scripts.delete(tokenType));
    return loading;
  };

  return async (ctx: KoaContextWithOIDC, token: IssuedToken) => {
    const tokenType = tokenTypes[token.kind];
    // Only JWT access tokens for an API resource have a payload to add to.
    if (!tokenType || !token.resourceServer || token.resourceServer.accessTokenFormat === 'opaque') return undefined;
    const customizer = await scriptOf(tokenType);
    if (!customizer) return undefined;
    const { row, environmentVariables } = customizer;
    const outcome = await runCustomizer(sandbox, tenantId, {
      script: row.script,
      token: tokenInput(token),
      context: await contextOf(ctx, db, tenantId, tokenType, token),
      environmentVariables,
      network,
    });
    if (outcome.ok) return Object.keys(outcome.claims).length > 0 ? outcome.claims : undefined;
    await recordLog(db, tenantId, {
      key: jwtCustomizerLogKeys[tokenType],
      result: 'Error',
      error: { code: outcome.code, message: outcome.message },
      applicationId: token.clientId,
      userId: accountOf(token),
      tokenType,
      durationMs: Math.round(outcome.durationMs),
      blockIssuanceOnError: row.blockIssuanceOnError,
      ip: ctx.ip,
    });
    if (outcome.code === 'AccessDenied') throw new errors.AccessDenied(outcome.message);
    if (row.blockIssuanceOnError) throw new errors.InvalidRequest('the custom claims script of this tenant failed');
    return undefined;
  };
};
