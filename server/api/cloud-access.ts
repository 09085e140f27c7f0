import type { MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { cloudScopes, type CloudScope, type TenantScope } from '#schemas/constants.ts';
import type { Db } from '../db/client.ts';
import { assertScope, type AuthEnv } from './auth.ts';
import { describing, securedBy } from './openapi.ts';
import { requireMembership, requireTenantScope } from './tenant-access.ts';

/**
 * What a cloud API route requires beside its token: nothing more (null); a cloud scope in the token; membership of
 * the tenant in its path (`member`); a scope the caller's current role in that tenant grants; or that scope unless the
 * path's user is the caller (`unlessSelf`), which the route then checks itself.
 */
export type CloudRouteScope = null | CloudScope | 'member' | TenantScope | { unlessSelf: TenantScope };

const isCloudScope = (scope: string): scope is CloudScope => (cloudScopes as readonly string[]).includes(scope);

const tenantIdOf = (c: Parameters<MiddlewareHandler<AuthEnv>>[0]) => c.req.param('tenantId') ?? '';

const check = (db: Db, scope: Exclude<CloudRouteScope, null>): MiddlewareHandler<AuthEnv> => async (c, next) => {
  const { userId } = c.get('auth');
  if (typeof scope === 'string' && isCloudScope(scope)) assertScope(c.get('auth'), scope);
  else if (scope === 'member') await requireMembership(db, userId, tenantIdOf(c));
  else if (typeof scope === 'string') await requireTenantScope(db, userId, tenantIdOf(c), scope);
  else if (c.req.param('userId') !== userId) await requireTenantScope(db, userId, tenantIdOf(c), scope.unlessSelf);
  await next();
};

const documentedScope = (scope: CloudRouteScope) =>
  scope === null || scope === 'member' ? undefined : typeof scope === 'string' ? scope : scope.unlessSelf;

/** The access of a cloud API route: `token`, then the check of its scope (CloudRouteScope), as the API document says. */
export const cloudAccess =
  (db: Db, token: MiddlewareHandler<AuthEnv>) =>
  (scope: CloudRouteScope): MiddlewareHandler<AuthEnv> =>
    describing(scope === null ? every(token) : every(token, check(db, scope)), securedBy('cloud', documentedScope(scope)));
