import { and, eq } from 'drizzle-orm';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import {
  adminConsoleConfigGuard,
  adminConsoleConfigPatchGuard,
  defaultAdminConsoleConfig,
  type AdminConsoleConfig,
} from '../../schemas/billing.ts';
import { allScope, defaultTenantId, organizationAudience, organizationIdOf, resourceIndicators } from '../../schemas/constants.ts';
import type { Edition } from '../../schemas/config.ts';
import type { Db } from '../db/client.ts';
import { tenantConfigs } from '../db/schema.ts';
import { findTenant, lockTenant } from '../tenants.ts';
import type { AuthEnv, createTokenGuard } from './auth.ts';
import { ApiError, readJson } from './errors.ts';
import { requireMembership, requireTenantScope, tenantNotFound } from './tenant-access.ts';

const adminConsoleKey = 'adminConsole';

const readConfig = async (db: Db, tenantId: string): Promise<AdminConsoleConfig> => {
  const [row] = await db
    .select({ value: tenantConfigs.value })
    .from(tenantConfigs)
    .where(and(eq(tenantConfigs.tenantId, tenantId), eq(tenantConfigs.key, adminConsoleKey)));
  const parsed = adminConsoleConfigGuard.safeParse({ ...defaultAdminConsoleConfig, ...row?.value });
  return parsed.success ? parsed.data : defaultAdminConsoleConfig;
};

/** Replaces the given top-level keys of the tenant's admin-console config, with the tenant locked; answers the whole config. */
export const patchAdminConsoleConfig = (db: Db, tenantId: string, patch: Partial<AdminConsoleConfig>) =>
  db.transaction(async (tx) => {
    if (!(await lockTenant(tx, tenantId))) throw tenantNotFound();
    const value = { ...(await readConfig(tx, tenantId)), ...patch };
    await tx
      .insert(tenantConfigs)
      .values({ tenantId, key: adminConsoleKey, value })
      .onConflictDoUpdate({ target: [tenantConfigs.tenantId, tenantConfigs.key], set: { value } });
    return value;
  });

const tenantSuspended = () => new ApiError(403, 'tenant.suspended', 'The tenant is suspended.');

/**
 * The management API of a tenant. Cloud: /m/{tenantId}/api/* with the tenant's organization token, for members of a
 * tenant that is not suspended (403 tenant.suspended); each route checks the member's current role. Self-hosted:
 * /api/* with the default tenant's management token and the `all` scope. Later issues add their routes here.
 */
export const managementRoutes = (edition: Edition, db: Db, tokenGuard: ReturnType<typeof createTokenGuard>) => {
  const app = new Hono<AuthEnv>();
  const cloud = edition === 'cloud';
  const tenantIdOf = (c: Context<AuthEnv>) => (cloud ? (c.req.param('tenantId') ?? '') : defaultTenantId);

  const token = cloud
    ? tokenGuard((c) => [organizationAudience(organizationIdOf(c.req.param('tenantId') ?? ''))])
    : tokenGuard(resourceIndicators.management(defaultTenantId), allScope);
  /** Cloud: a member of a tenant that is not suspended, whose current role grants `scope`. */
  const access = (scope: 'read:data' | 'write:data'): MiddlewareHandler<AuthEnv> => async (c, next) => {
    if (cloud) {
      const tenantId = tenantIdOf(c);
      const { userId } = c.get('auth');
      await requireMembership(db, userId, tenantId);
      if ((await findTenant(db, tenantId))?.isSuspended) throw tenantSuspended();
      await requireTenantScope(db, userId, tenantId, scope);
    }
    await next();
  };

  app.get('/configs/admin-console', token, access('read:data'), async (c) => c.json(await readConfig(db, tenantIdOf(c))));

  app.patch('/configs/admin-console', token, access('write:data'), async (c) => {
    const patch = await readJson(c, adminConsoleConfigPatchGuard);
    return c.json(await patchAdminConsoleConfig(db, tenantIdOf(c), patch));
  });

  return app;
};
