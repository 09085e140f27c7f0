import { Hono } from 'hono';
import { resourceIndicators } from '#schemas/constants.ts';
import { features } from '#schemas/edition.ts';
import * as z from 'zod/mini';
import { createTenantGuard, tenantEndpointsGuard, tenantGuard, updateTenantGuard } from '#schemas/tenant.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { foreignKeyViolation, postgresError } from '../db/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createTenant, listTenantsOf, renameTenant } from '../tenants.ts';
import { tenantBasePath } from '../tenant-runtime/provider.ts';
import { deleteAccount } from '../accounts/deletion.ts';
import { assertScope, type AuthEnv, type createTokenGuard } from './auth.ts';
import { accountNotFound, answered, HttpError, readJson } from './errors.ts';
import { billingMessages, deletionMessages } from './cloud-errors.ts';
import { describe } from './openapi.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { billingRoutes } from './billing.ts';
import { invitationRoutes } from './invitations.ts';
import { memberRoutes } from './members.ts';
import { deleteTenantAs, requireMembership, requireTenantScope, tenantNotFound } from './tenant-access.ts';

/** Where a tenant's own endpoints live (its issuer is `{endpoint}/oidc`), the self-hosted default tenant's too. */
export const tenantEndpoint = (config: ServerConfig, tenantId: string) => `${config.publicUrl}${tenantBasePath(tenantId)}`;

/** What the API document says of each route below (server/api/openapi.ts). */
const documented = {
  tenants: describe({ summary: "The signed-in user's tenants.", api: 'cloud', response: z.array(tenantGuard) }),
  createTenant: describe({
    summary: 'Create a tenant, with the signed-in user as its admin.',
    api: 'cloud',
    scope: 'create:tenant',
    body: createTenantGuard,
    response: tenantGuard,
    status: 201,
    errors: { 403: ['tenant.create_not_allowed'] },
  }),
  endpoints: describe({ summary: "The tenant's own endpoints.", api: 'cloud', response: tenantEndpointsGuard, errors: { 404: ['tenant.not_found'] } }),
  renameTenant: describe({
    summary: 'Rename a tenant.',
    api: 'cloud',
    scope: 'manage:tenant',
    body: updateTenantGuard,
    response: tenantGuard,
    errors: { 404: ['tenant.not_found'] },
  }),
  deleteTenant: describe({ summary: 'Delete a tenant with everything in it.', api: 'cloud', scope: 'manage:tenant', errors: { 404: ['tenant.not_found'] } }),
  deleteAccount: describe({ summary: "Delete the signed-in user's account.", api: 'cloud', errors: { 422: ['user.deletion_blocked'] } }),
};

/** The cloud API: tenants of the signed-in user, their members, invitations, plans and billing (spec 01 §7). */
export const cloudRoutes = (
  config: ServerConfig,
  db: Db,
  tokenGuard: ReturnType<typeof createTokenGuard>,
  mailer: Mailer,
  payments: PaymentProvider,
) => {
  const app = new Hono<AuthEnv>();
  const cloudToken = tokenGuard(resourceIndicators.cloud);

  app.get('/tenants', cloudToken, documented.tenants, async (c) => c.json(await listTenantsOf(db, c.get('auth').userId)));

  app.post('/tenants', cloudToken, documented.createTenant, async (c) => {
    if (!features(config.edition).multipleTenants) {
      throw new HttpError('tenant.create_not_allowed', 'The self-hosted edition has only the default tenant.');
    }
    assertScope(c.get('auth'), 'create:tenant');
    const input = await readJson(c, createTenantGuard);
    try {
      return c.json(answered(await createTenant(db, c.get('auth').userId, input), billingMessages), 201);
    } catch (error) {
      // The membership insert fails when the token's account was deleted; the tenant insert is rolled back with it.
      if (postgresError(error).code === foreignKeyViolation) throw accountNotFound();
      throw error;
    }
  });

  app.get('/.well-known/endpoints/:tenantId', cloudToken, documented.endpoints, async (c) => {
    const tenantId = c.req.param('tenantId');
    await requireMembership(db, c.get('auth').userId, tenantId);
    return c.json({ user: tenantEndpoint(config, tenantId) });
  });

  // Tenant management, members, invitations and billing exist in the cloud edition only.
  if (!features(config.edition).multipleTenants) return app;

  app.patch('/tenants/:tenantId', cloudToken, documented.renameTenant, async (c) => {
    const tenantId = c.req.param('tenantId');
    await requireTenantScope(db, c.get('auth').userId, tenantId, 'manage:tenant');
    const { name } = await readJson(c, updateTenantGuard);
    const tenant = await renameTenant(db, tenantId, name);
    if (!tenant) throw tenantNotFound();
    return c.json(tenant);
  });

  /** Deletes the tenant with everything in it, in one transaction that holds the tenant's lock. */
  app.delete('/tenants/:tenantId', cloudToken, documented.deleteTenant, async (c) => {
    const tenantId = c.req.param('tenantId');
    const { userId } = c.get('auth');
    await db.transaction((tx) => deleteTenantAs(tx, userId, tenantId));
    return c.body(null, 204);
  });

  /** Deletes the signed-in user's account: the tenants they administer, their other memberships, their sessions. */
  app.delete('/me', cloudToken, documented.deleteAccount, async (c) => {
    answered(await deleteAccount(db, c.get('auth').userId), deletionMessages);
    return c.body(null, 204);
  });

  app.route('/', memberRoutes(db, tokenGuard));
  app.route('/', invitationRoutes(config, db, tokenGuard, mailer));
  app.route('/', billingRoutes(config, db, tokenGuard, payments));
  return app;
};
