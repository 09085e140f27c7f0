import { Hono } from 'hono';
import { defaultTenantId, resourceIndicators } from '../../schemas/constants.ts';
import { createTenantGuard } from '../../schemas/tenant.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createTenant, findMembership, listTenantsOf } from '../tenants.ts';
import { assertScope, type AuthEnv, type createTokenGuard } from './auth.ts';
import { accountNotFound, ApiError, readJson } from './errors.ts';
import { foreignKeyViolation, postgresError } from '../db/errors.ts';

/** Where a tenant's own endpoints live; the self-hosted default tenant is this server itself. */
export const tenantEndpoint = (config: ServerConfig, tenantId: string) =>
  config.edition === 'self-hosted' && tenantId === defaultTenantId ? config.publicUrl : `${config.publicUrl}/t/${tenantId}`;

/** The cloud API: tenants of the signed-in user (spec 01 §7). */
export const cloudRoutes = (config: ServerConfig, db: Db, tokenGuard: ReturnType<typeof createTokenGuard>) => {
  const app = new Hono<AuthEnv>();
  const cloudToken = tokenGuard(resourceIndicators.cloud);

  app.get('/tenants', cloudToken, async (c) => c.json(await listTenantsOf(db, c.get('auth').userId)));

  app.post('/tenants', cloudToken, async (c) => {
    if (config.edition !== 'cloud') {
      throw new ApiError(403, 'tenant.create_not_allowed', 'The self-hosted edition has only the default tenant.');
    }
    assertScope(c.get('auth'), 'create:tenant');
    const input = await readJson(c, createTenantGuard);
    try {
      return c.json(await createTenant(db, c.get('auth').userId, input), 201);
    } catch (error) {
      // The membership insert fails when the token's account was deleted; the tenant insert is rolled back with it.
      if (postgresError(error).code === foreignKeyViolation) throw accountNotFound();
      throw error;
    }
  });

  app.get('/.well-known/endpoints/:tenantId', cloudToken, async (c) => {
    const tenantId = c.req.param('tenantId');
    if (!(await findMembership(db, c.get('auth').userId, tenantId))) {
      throw new ApiError(404, 'tenant.not_found', 'The tenant does not exist or you are not a member of it.');
    }
    return c.json({ user: tenantEndpoint(config, tenantId) });
  });

  return app;
};
