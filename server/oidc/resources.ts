import { errors, type KoaContextWithOIDC, type ResourceServer } from 'oidc-provider';
import {
  allScope,
  cloudScopes,
  defaultTenantId,
  organizationAudience,
  resourceIndicators,
  tenantIdOf,
  tenantScopes,
} from '#schemas/constants.ts';
import { features } from '#schemas/edition.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { findMembership, tenantScopesOf } from '../tenants.ts';
import { signingAlgorithm } from './keys.ts';

export const accessTokenTtl = 3600;

const jwtServer = (audience: string, scopes: readonly string[]): ResourceServer => ({
  audience,
  scope: scopes.join(' '),
  accessTokenFormat: 'jwt',
  accessTokenTTL: accessTokenTtl,
  jwt: { sign: { alg: signingAlgorithm } },
});

/** The account a token is being issued to; absent while the authorization request is still being processed. */
/** The access-token claim naming the grant the token comes from (the sign-in it belongs to). */
export const grantIdClaim = 'grant_id';

const accountIdOf = (ctx: KoaContextWithOIDC) => ctx.oidc.entities.Account?.accountId;

export const organizationIdParam = (ctx: KoaContextWithOIDC) => {
  const value = ctx.oidc.params?.organization_id;
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * The APIs tokens are issued for (contracts.md): the cloud API, the Me API, the default tenant's management API
 * (self-hosted) and organization tokens (`t-{tenantId}`, audience `urn:logto:organization:t-{tenantId}`).
 */
export const createResourceServerInfo =
  (config: ServerConfig, db: Db) =>
  async (ctx: KoaContextWithOIDC, indicator: string): Promise<ResourceServer> => {
    const { multipleTenants } = features(config.edition);
    switch (indicator) {
      case resourceIndicators.cloud:
        return jwtServer(indicator, multipleTenants ? cloudScopes : []);
      case resourceIndicators.me:
        return jwtServer(indicator, [allScope]);
      case resourceIndicators.organizations: {
        const organizationId = organizationIdParam(ctx);
        const accountId = accountIdOf(ctx);
        // @logto/browser adds this resource to every sign-in that asks for the organizations scope, so it is
        // accepted there in both editions; only organization tokens themselves are cloud-only.
        if (!organizationId) return jwtServer(indicator, multipleTenants ? tenantScopes : []);
        if (!multipleTenants) throw new errors.InvalidTarget('organization tokens are issued in the cloud edition only');
        const tenantId = tenantIdOf(organizationId);
        const membership = accountId && tenantId ? await findMembership(db, accountId, tenantId) : undefined;
        return jwtServer(organizationAudience(organizationId), tenantScopesOf(membership));
      }
      case resourceIndicators.management(defaultTenantId): {
        if (features(config.edition).management.access !== 'managementToken') break;
        const accountId = accountIdOf(ctx);
        if (!accountId) return jwtServer(indicator, [allScope]);
        const membership = await findMembership(db, accountId, defaultTenantId);
        return jwtServer(indicator, membership?.role === 'admin' ? [allScope] : []);
      }
    }
    throw new errors.InvalidTarget();
  };
