import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { consolePath } from '../schemas/constants.ts';
import { totalNumberHeader } from '../schemas/paging.ts';
import { requestIdHeader } from '../schemas/error.ts';
import { totalNumberIsCappedHeader } from '../schemas/tenant-user.ts';
import { features } from '../schemas/edition.ts';
import type { ServerConfig } from './config.ts';
import { openDatabase, type Db } from './db/client.ts';
import { expiredRowsCleanup } from './db/cleanup.ts';
import { createTokenGuard } from './api/auth.ts';
import { cloudRoutes } from './api/cloud.ts';
import { HttpError, errorResponse } from './api/errors.ts';
import { limitBodySize } from './api/body-limits.ts';
import { refuseControlCharacters } from './api/input-guard.ts';
import { apiReferenceRoutes } from './api/api-reference.ts';
import { meRoutes } from './api/me.ts';
import { consoleRoutes } from './console.ts';
import { compressAnswers } from './compression.ts';
import { etagHeader } from './api/etag.ts';
import { loadServerKeys } from './oidc/keys.ts';
import { createProvider } from './oidc/provider.ts';
import { devMailboxRoutes, devMailboxToken, devMailboxUrl } from './mail/dev-mailbox.ts';
import { loadSecretsKey } from './secrets-key.ts';
import { devSmsOutboxRoutes } from './tenant/connectors/dev-sms-outbox.ts';
import { devWebhookInboxRoutes } from './tenant/hooks/dev-inbox.ts';
import { startHookDispatcher } from './tenant/hooks/dispatcher.ts';
import type { HookSettings } from './tenant/hooks/settings.ts';
import { createMailer } from './mail/mailer.ts';
import { interactionRoutes } from './pages/interaction.ts';
import { ensureDefaultTenant } from './tenants.ts';
import { managementRoutes } from './api/management.ts';
import { checkoutCompletion } from './billing/checkout.ts';
import { startDeferredWork } from './deferred/scheduler.ts';
import { ensureSkus } from './billing/skus.ts';
import { createLocalPaymentProvider } from './payments/local/provider.ts';
import { startOpsListener } from './ops/listener.ts';
import { userAssetRoutes, userAssetsPath } from './assets/user-assets.ts';
import { demoSocialBasePath, demoSocialProvider, demoSocialRoutes } from './social/demo.ts';
import { createTenantRuntimes, type TenantRuntimes } from './tenant-runtime/provider.ts';
import { tenantSignInPath, tenantSignInRoutes } from './sign-in/routes.ts';
import { socialCallbackRoutes, tenantSocialCallbackPath } from './sign-in/social-callback.ts';

export type GatehouseServer = {
  url: string;
  port: number;
  databaseKind: 'pglite' | 'postgres';
  db: Db;
  /** The dev mailbox page with its token, when mail goes there (no SMTP_URL). */
  devMailboxUrl?: string;
  /** The method and path of every route Hono serves (the API document's test compares them with the document). */
  routes: { method: string; path: string }[];
  /** The tenants' issuers (server/tenant-runtime). */
  tenants: TenantRuntimes;
  close: () => Promise<void>;
};

const oidcPrefix = '/oidc';
const defaultHeaders = {
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
  'Cache-Control': 'no-store',
};
const tenantManagementPath = '/t/:tenantId/api';

/** Opens the database (running migrations), then serves /oidc through oidc-provider and everything else through Hono. */
export const startServer = async (config: ServerConfig): Promise<GatehouseServer> => {
  const database = await openDatabase(config);
  const { db } = database;
  const edition = features(config.edition);
  if (!edition.multipleTenants) await ensureDefaultTenant(db);
  const keys = await loadServerKeys(db);
  const provider = createProvider(config, db, keys);
  const tenantRuntimes = await createTenantRuntimes(config, database);
  const tokenGuard = createTokenGuard(`${config.publicUrl}${oidcPrefix}`, keys, db);
  const mailer = createMailer(config, db);
  const mailboxToken = mailer.kind === 'dev-mailbox' ? await devMailboxToken(db) : undefined;
  await ensureSkus(db);
  const payments = createLocalPaymentProvider(db, config);

  const app = new Hono<{ Bindings: HttpBindings }>();
  // Every answer: an answer without a policy of its own (a plain 404, JSON) loads nothing, is framed nowhere and is never kept.
  app.use(async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    for (const [name, value] of Object.entries(defaultHeaders)) if (!c.res.headers.has(name)) c.header(name, value);
  });
  app.use(compressAnswers());
  const apiCors = cors({
    origin: config.publicUrl,
    allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'If-Match'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposeHeaders: [totalNumberHeader, totalNumberIsCappedHeader, requestIdHeader, etagHeader],
    maxAge: 600,
  });
  for (const pattern of ['/api/*', '/m/*', '/me', '/me/*']) app.use(pattern, apiCors);
  app.use(limitBodySize, refuseControlCharacters);

  app.get('/health', async (c) => {
    await db.execute(sql`select 1`);
    return c.json({ status: 'ok' });
  });
  app.route('/api', apiReferenceRoutes(app));
  app.route('/api', cloudRoutes(config, db, tokenGuard, mailer, payments));
  const secretsKey = await loadSecretsKey(config);
  const hooks: HookSettings = {
    edition: config.edition,
    publicUrl: config.publicUrl,
    isDevMode: config.isDevMode,
    allowPrivateAddresses: config.hooksAllowPrivateAddresses,
    retryDelaysMs: config.hookRetryDelaysMs,
    timeoutMs: config.hookTimeoutMs,
    leaseMs: config.hookLeaseMs,
    devInbox: mailboxToken === undefined ? undefined : { token: mailboxToken },
  };
  const management = managementRoutes({ ...config, secretsKey, hooks }, db, tokenGuard, tenantRuntimes.verifyAccessToken);
  app.route(edition.management.path, management);
  // The same routes for a tenant's own machine-to-machine apps, with its issuer's tokens (tenant-runtime/provider.ts).
  app.route(tenantManagementPath, management);
  if (edition.billing) app.route('/payments', payments.routes());
  if (mailboxToken) {
    const devAccess = { token: mailboxToken, anyClient: Boolean(config.devMailbox) };
    app.route('/dev', devMailboxRoutes(db, devAccess));
    app.route('/dev', devSmsOutboxRoutes(db, devAccess));
    app.route('/dev', devWebhookInboxRoutes(db, devAccess));
  }
  const socialProviders = [demoSocialProvider(config.publicUrl)];
  app.route('/me', meRoutes({ db, tokenGuard, publicUrl: config.publicUrl, mailer, socialProviders, breachedPasswordsUrl: config.breachedPasswordsUrl }));
  app.route(userAssetsPath, userAssetRoutes(db));
  app.route(demoSocialBasePath, demoSocialRoutes(db, config.publicUrl));
  app.route('/interaction', interactionRoutes(provider, db, config));
  app.route(tenantSignInPath, tenantSignInRoutes(db, tenantRuntimes, { ...config, secretsKey }));
  app.route(tenantSocialCallbackPath, socialCallbackRoutes(db, tenantRuntimes, config));
  app.get('/', (c) => c.redirect(consolePath, 302));
  app.route(consolePath, consoleRoutes(config, { devWebhookInbox: mailboxToken !== undefined }));

  const isApi = (path: string) =>
    ['/api/', '/m/', '/me/'].some((prefix) => path.startsWith(prefix)) || path === '/me' || /^\/t\/[^/]+\/api\//.test(path);
  app.notFound((c) =>
    isApi(c.req.path) ? errorResponse(c, new HttpError('route.not_found', 'No such route.')) : c.text('Not found', 404),
  );
  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error);
    console.error(`request ${String(c.env.outgoing.getHeader(requestIdHeader))} failed:`, error);
    return errorResponse(c, new HttpError('unknown', 'Internal server error.'));
  });

  // A year; no includeSubDomains: the hosts under PUBLIC_URL's name are not this server's to hold to HTTPS.
  const strictTransportSecurity = config.publicUrl.startsWith('https:') ? 'max-age=31536000' : undefined;
  const honoListener = getRequestListener(app.fetch);
  const oidcListener = provider.callback();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    // Every response names its request, for support; the console shows it when deleting an account fails.
    res.setHeader(requestIdHeader, randomUUID());
    if (strictTransportSecurity) res.setHeader('Strict-Transport-Security', strictTransportSecurity);
    if (tenantRuntimes.dispatch(req, res, honoListener)) return;
    const url = req.url ?? '/';
    if (url === oidcPrefix || url.startsWith(`${oidcPrefix}/`) || url.startsWith(`${oidcPrefix}?`)) {
      // oidc-provider builds its URLs from originalUrl and routes on url.
      Object.assign(req, { originalUrl: url });
      req.url = url.slice(oidcPrefix.length) || '/';
      return oidcListener(req, res);
    }
    return honoListener(req, res);
  });
  const hookDispatcher = await startHookDispatcher(database, hooks);
  const deferredWork = await startDeferredWork(database, [checkoutCompletion(db, payments), expiredRowsCleanup(database, config)]);
  const onPgliteFolder = database.kind === 'pglite' && !config.pgliteDir.startsWith('memory://');
  const stopOpsListener = onPgliteFolder ? await startOpsListener({ db, payments, edition: config.edition }, config.pgliteDir) : undefined;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: config.publicUrl,
    port,
    databaseKind: database.kind,
    db,
    devMailboxUrl: mailboxToken && devMailboxUrl(config.publicUrl, mailboxToken),
    routes: app.routes.map(({ method, path }) => ({ method, path })),
    tenants: tenantRuntimes,
    close: async () => {
      await deferredWork.stop();
      await hookDispatcher.stop();
      await stopOpsListener?.();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await tenantRuntimes.close();
      await database.close();
    },
  };
};
