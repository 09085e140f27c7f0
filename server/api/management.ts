import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  adminConsoleConfigGuard,
  adminConsoleConfigPatchGuard,
  defaultAdminConsoleConfig,
  type AdminConsoleConfig,
} from '#schemas/admin-console-config.ts';
import type { ServerConfig } from '../config.ts';
import type { SecretsKey } from '../secrets-key.ts';
import type { Db } from '../db/client.ts';
import { tenantConfigs } from '../db/schema.ts';
import { userConsentRoutes } from '../management/applications/consent-routes.ts';
import { applicationRoutes } from '../management/applications/routes.ts';
import { connectorRoutes } from '../management/connectors/routes.ts';
import { jwtCustomizerRoutes } from '../management/jwt-customizer/routes.ts';
import { sandboxNetworkOf } from '../tenant/jwt-customizer/sandbox-fetch.ts';
import { jwtSandbox } from '../tenant/jwt-customizer/sandbox-pool.ts';
import { hookRoutes } from '../management/hooks/routes.ts';
import type { HookSettings } from '../tenant/hooks/settings.ts';
import { createManagementKit, type ManagementEnv, type VerifyTenantToken } from '../management/kit.ts';
import { logRoutes } from '../management/logs/routes.ts';
import { resourceRoutes } from '../management/resources/routes.ts';
import { signingKeyRoutes } from '../management/signing-keys/routes.ts';
import { roleRoutes } from '../management/roles/routes.ts';
import { signInPreviewRoutes } from '../management/sign-in-experience/preview.ts';
import { checkPasswordRoutes } from '../management/sign-in-experience/check-password.ts';
import { signInExperienceRoutes } from '../management/sign-in-experience/routes.ts';
import { userLinkRoutes } from '../management/users/links-routes.ts';
import { userRoutes } from '../management/users/routes.ts';
import { lockTenant } from '../tenants.ts';
import type { createTokenGuard } from './auth.ts';
import { routerOf } from './route.ts';
import { tenantNotFound } from './tenant-access.ts';

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

/**
 * The management API of a tenant (conventions.md, Server): cloud at /m/{tenantId}/api for its members, self-hosted at
 * /api with the default tenant's management token, and in both at /t/{tenantId}/api for the tenant's machine-to-machine
 * apps. Each route declares its scope through the kit's one middleware.
 */
export const managementRoutes = (
  config: Pick<ServerConfig, 'edition' | 'trustProxy' | 'auditLogRetentionDays' | 'breachedPasswordsUrl' | 'publicUrl'> & { secretsKey: SecretsKey; hooks: HookSettings },
  db: Db, tokenGuard: ReturnType<typeof createTokenGuard>, tenantTokens: VerifyTenantToken) => {
  const kit = createManagementKit(config, db, tokenGuard, tenantTokens);
  const app = new Hono<ManagementEnv>();
  const routes = routerOf(app, kit.access);

  routes.get('/configs/admin-console', {
    scope: 'read:data',
    summary: "The tenant's admin console settings.",
    response: adminConsoleConfigGuard,
  }, async (c) => c.json(await readConfig(db, c.var.tenant.id)));

  routes.patch('/configs/admin-console', {
    scope: 'write:data',
    summary: "Replace the given keys of the tenant's admin console settings.",
    body: adminConsoleConfigPatchGuard,
    response: adminConsoleConfigGuard,
  }, async (c, { body: patch }) => {
    return c.json(await patchAdminConsoleConfig(db, c.var.tenant.id, patch));
  });

  app.route('/', resourceRoutes(db, kit));
  app.route('/', applicationRoutes(db, kit));
  app.route('/', userConsentRoutes(db, kit));
  app.route('/', roleRoutes(db, kit));
  app.route('/', userRoutes(db, kit, config));
  app.route('/', userLinkRoutes(db, kit));
  app.route('/', logRoutes(db, kit, config));
  app.route('/', signInPreviewRoutes(db, kit));
  app.route('/', checkPasswordRoutes(db, kit, config));
  app.route('/', signInExperienceRoutes(db, kit, config));
  app.route('/', connectorRoutes(db, kit, config));
  app.route('/', signingKeyRoutes(db, kit));
  app.route('/', jwtCustomizerRoutes(db, kit, { secretsKey: config.secretsKey, sandbox: jwtSandbox, network: sandboxNetworkOf(config.hooks) }));
  app.route('/', hookRoutes(db, kit, config));
  return app;
};
