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
import type { AuthEnv, createTokenGuard } from './auth.ts';
import { cloudAccess } from './cloud-access.ts';
import { accountNotFound, answered, HttpError } from './errors.ts';
import { billingMessages, deletionMessages } from './cloud-errors.ts';
import { routerOf } from './route.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { billingRoutes } from './billing.ts';
import { invitationRoutes } from './invitations.ts';
import { memberRoutes } from './members.ts';
import { deleteTenantAs, tenantNotFound } from './tenant-access.ts';

/** Where a tenant's own endpoints live (its issuer is `{endpoint}/oidc`), the self-hosted default tenant's too. */
export const tenantEndpoint = (config: ServerConfig, tenantId: string) => `${config.publicUrl}${tenantBasePath(tenantId)}`;

/** The cloud API: tenants of the signed-in user, their members, invitations, plans and billing (spec 01 §7). */
export const cloudRoutes = (
  config: ServerConfig,
  db: Db,
  tokenGuard: ReturnType<typeof createTokenGuard>,
  mailer: Mailer,
  payments: PaymentProvider,
) => {
  const app = new Hono<AuthEnv>();
  const routes = routerOf(app, cloudAccess(db, tokenGuard(resourceIndicators.cloud)));
  const { multipleTenants } = features(config.edition);

  routes.get('/tenants', {
    scope: null,
    summary: "The signed-in user's tenants.",
    response: z.array(tenantGuard),
  }, async (c) => c.json(await listTenantsOf(db, c.get('auth').userId)));

  routes.post('/tenants', {
    // The self-hosted edition refuses every token alike.
    scope: multipleTenants ? 'create:tenant' : null,
    summary: 'Create a tenant, with the signed-in user as its admin.',
    body: createTenantGuard,
    response: tenantGuard,
    status: 201,
    errors: ['tenant.create_not_allowed', 'tenant.free_tenant_limit_reached', 'auth.account_not_found'],
  }, async (c, { body: input }) => {
    if (!multipleTenants) throw new HttpError('tenant.create_not_allowed', 'The self-hosted edition has only the default tenant.');
    try {
      return c.json(answered(await createTenant(db, c.get('auth').userId, input), billingMessages), 201);
    } catch (error) {
      // The membership insert fails when the token's account was deleted; the tenant insert is rolled back with it.
      if (postgresError(error).code === foreignKeyViolation) throw accountNotFound();
      throw error;
    }
  });

  routes.get('/.well-known/endpoints/:tenantId', {
    scope: 'member',
    summary: "The tenant's own endpoints.",
    response: tenantEndpointsGuard,
    errors: ['tenant.not_found'],
  }, async (c, { params: { tenantId } }) => c.json({ user: tenantEndpoint(config, tenantId) }));

  // Tenant management, members, invitations and billing exist in the cloud edition only.
  if (!multipleTenants) return app;

  routes.patch('/tenants/:tenantId', {
    scope: 'manage:tenant',
    summary: 'Rename a tenant.',
    body: updateTenantGuard,
    response: tenantGuard,
    errors: ['tenant.not_found'],
  }, async (c, { params: { tenantId }, body: { name } }) => {
    const tenant = await renameTenant(db, tenantId, name);
    if (!tenant) throw tenantNotFound();
    return c.json(tenant);
  });

  /** Deletes the tenant with everything in it, in one transaction that holds the tenant's lock. */
  routes.delete('/tenants/:tenantId', {
    scope: 'manage:tenant',
    summary: 'Delete a tenant with everything in it.',
    errors: ['tenant.not_found'],
  }, async (c, { params: { tenantId } }) => {
    const { userId } = c.get('auth');
    await db.transaction((tx) => deleteTenantAs(tx, userId, tenantId));
    return c.body(null, 204);
  });

  /** Deletes the signed-in user's account: the tenants they administer, their other memberships, their sessions. */
  routes.delete('/me', {
    scope: null,
    summary: "Delete the signed-in user's account.",
    errors: ['user.deletion_blocked'],
  }, async (c) => {
    answered(await deleteAccount(db, c.get('auth').userId), deletionMessages);
    return c.body(null, 204);
  });

  app.route('/', memberRoutes(db, tokenGuard));
  app.route('/', invitationRoutes(config, db, tokenGuard, mailer));
  app.route('/', billingRoutes(config, db, tokenGuard, payments));
  return app;
};
