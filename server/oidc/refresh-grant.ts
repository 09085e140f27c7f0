import { errors, type KoaContextWithOIDC, type Provider } from 'oidc-provider';
import * as refreshTokenGrant from 'oidc-provider/lib/actions/grants/refresh_token.js';
import * as grantHelpers from 'oidc-provider/lib/helpers/grants.js';
import { resourceIndicators, tenantIdOf, userScopes } from '#schemas/constants.ts';
import type { Db } from '../db/client.ts';
import { findMembership } from '../tenants.ts';
import { organizationIdParam } from './resources.ts';

/**
 * Checks a refresh_token grant BEFORE the built-in grant runs, because the built-in grant rotates (consumes) the
 * refresh token first: a request that is bound to fail must leave the client's refresh token usable.
 *
 * Organization tokens follow @logto/browser's protocol: a refresh_token grant with `organization_id` and no
 * resource. They are issued for the organizations resource, to members of the organization only.
 */
const checkRefreshGrant = async (provider: Provider, db: Db, ctx: KoaContextWithOIDC) => {
  const params = ctx.oidc.params!;
  const organizationId = organizationIdParam(ctx);
  if (organizationId && params.resource !== undefined) {
    throw new errors.InvalidRequest('organization_id cannot be combined with resource');
  }
  const value = params.refresh_token;
  const token = typeof value === 'string' ? await provider.RefreshToken.find(value) : undefined;
  // Unknown, expired, foreign or reused tokens are left to the built-in grant and its errors.
  const usable = token && token.clientId === ctx.oidc.client?.clientId && !token.consumed;
  if (!usable) return;

  if (organizationId) {
    if (!token.scopes.has(userScopes.organizations)) {
      throw new errors.InvalidGrant(`refresh token lacks the ${userScopes.organizations} scope`);
    }
    const tenantId = tenantIdOf(organizationId);
    const membership = tenantId && token.accountId ? await findMembership(db, token.accountId, tenantId) : undefined;
    if (!membership) throw new errors.InvalidGrant('the user is not a member of the organization');
    params.resource = resourceIndicators.organizations;
  }
  if (typeof params.resource === 'string' && !token.resourceIndicators.has(params.resource)) {
    throw new errors.InvalidTarget();
  }
};

/** Replaces the refresh_token grant with one that runs `checkRefreshGrant` and then the built-in grant. */
export const registerRefreshTokenGrant = (provider: Provider, db: Db) => {
  const helpers = Object.fromEntries(
    Object.entries(grantHelpers).map(([name, helper]) => [name, (helper as (...args: unknown[]) => unknown).bind(undefined, provider)]),
  );
  provider.registerGrantType(
    'refresh_token',
    async (ctx: KoaContextWithOIDC) => {
      await checkRefreshGrant(provider, db, ctx);
      await refreshTokenGrant.handler(provider, helpers, ctx);
    },
    [...refreshTokenGrant.parameters, 'resource', 'organization_id'],
    ['resource'],
  );
};
