import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import {
  allScope,
  defaultTenantId,
  organizationAudience,
  organizationIdOf,
  resourceIndicators,
  tenantRoles,
  type TenantRole,
} from '#schemas/constants.ts';
import type { Edition } from '#schemas/config.ts';
import { features } from '#schemas/edition.ts';
import type { FullQuota } from '#schemas/billing.ts';
import type { QuotaKey } from '#schemas/quota.ts';
import { assertScope, isLiveGrant, liveGrant, signInEnded, type Auth, type AuthEnv, type createTokenGuard } from '../api/auth.ts';
import { HttpError, quotaExceeded } from '../api/errors.ts';
import { describing, securedBy } from '../api/openapi.ts';
import { tenantNotFound } from '../api/tenant-access.ts';
import { enforcedQuotaOf } from '../billing/skus.ts';
import { checkQuota } from '../billing/usage.ts';
import type { Db } from '../db/client.ts';
import { preparedOnce } from '../db/prepared.ts';
import { tenantMembers, tenants } from '../db/schema.ts';
import { skus } from '../db/billing-schema.ts';
import { findApplication } from '../tenant-runtime/store.ts';
import type { TenantRuntimes } from '../tenant-runtime/provider.ts';
import { lockTenant, type TenantRow } from '../tenants.ts';
import { fireChangeHook, logChange, type ManagementChange } from './audit.ts';

/** Checks a token of a tenant's own issuer (server/tenant-runtime/provider.ts). */
export type VerifyTenantToken = TenantRuntimes['verifyAccessToken'];

/** The scopes a management route may require (spec 02 §6). */
export type DataScope = 'read:data' | 'write:data' | 'delete:data';
const dataScopes: readonly DataScope[] = ['read:data', 'write:data', 'delete:data'];

export type ManagementEnv = {
  Variables: AuthEnv['Variables'] & {
    tenant: TenantRow;
    /** What the tenant's plan enforces, where plans set quotas (cloud). */
    planQuota: FullQuota | undefined;
    scopes: ReadonlySet<string>;
  };
};

const tenantSuspended = () => new HttpError('tenant.suspended', 'The tenant is suspended.');

const tenantAndRole = (db: Db, live: SQL<boolean> | SQL<unknown>, name: string) =>
  db
    .select({ tenant: tenants, role: tenantMembers.role, live: sql<boolean>`${live}`, sku: skus })
    .from(tenants)
    .leftJoin(tenantMembers, and(eq(tenantMembers.tenantId, tenants.id), eq(tenantMembers.userId, sql.placeholder('userId'))))
    .leftJoin(skus, eq(skus.id, tenants.planId))
    .where(eq(tenants.id, sql.placeholder('tenantId')))
    .limit(1)
    .prepare(name);

/** For a console user, also whether their sign-in is still live: the token guard leaves that to this query. */
const tenantOfUser = preparedOnce((db) => tenantAndRole(db, liveGrant(db, sql.placeholder('grantId'), sql.placeholder('userId')), 'management_tenant_of_user'));
const tenantOfApp = preparedOnce((db) => tenantAndRole(db, sql`true`, 'management_tenant_of_app'));

/** The tenant, its plan, the caller's role in it and whether the caller may still call, in one round trip. */
const findTenantAndRole = async (db: Db, tenantId: string, auth: Auth) => {
  const byApp = Boolean(auth.applicationId);
  const [row] = await (byApp ? tenantOfApp : tenantOfUser)(db).execute({ tenantId, userId: auth.userId, grantId: auth.grantId });
  // No such tenant: an ended sign-in still answers as such.
  if (!row && !byApp && !(await isLiveGrant(db, auth.grantId, auth.userId))) throw signInEnded();
  if (row && !row.live) throw signInEnded();
  return row;
};

const roleScopes = (role: string | null | undefined): readonly string[] =>
  role && role in tenantRoles ? tenantRoles[role as TenantRole] : [];

/** 403 auth.insufficient_scope unless the caller's scopes in this tenant include `scope`. */
export const requireScope =
  (scope: DataScope): MiddlewareHandler<ManagementEnv> =>
  async (c, next) => {
    assertScope({ ...c.get('auth'), scopes: new Set(c.get('scopes')) }, scope);
    await next();
  };

export type TenantWrite = {
  tx: Db;
  /**
   * Records the change in the tenant's audit log, in this transaction, with who made it and from where, and writes the
   * webhook event it fires to the outbox (audit.ts).
   */
  log: (change: ManagementChange) => Promise<void>;
  /** The tenant, locked until the transaction ends. */
  tenant: TenantRow;
  /** 403 with the quota error (spec 01 §8) when `added` (1) more of `key` (in `parentId`, for the per-parent keys) are beyond the plan. */
  checkQuota: (key: QuotaKey, parentId?: string, added?: number) => Promise<void>;
};

/**
 * The shared pieces of every management route (conventions.md, Server). Cloud: /m/{tenantId}/api with a member's
 * organization token; the caller's scopes are the ones both the token and the member's current role grant.
 * Self-hosted: /api with the default tenant's management token, whose `all` grants every data scope to a console admin. Both, also at
 * /t/{tenantId}/api: a client-credentials token of the tenant's own issuer for its management API
 * (`urn:gatehouse:api:management:{tenantId}`), from one of its machine-to-machine apps; `all` grants every data scope.
 */
export const createManagementKit = ({ edition, trustProxy }: { edition: Edition; trustProxy: boolean }, db: Db, tokenGuard: ReturnType<typeof createTokenGuard>, tenantTokens: VerifyTenantToken) => {
  const { management, quotas } = features(edition);
  const byMembership = management.access === 'membership';
  const tenantIdOf = (c: Context) => c.req.param('tenantId') ?? (byMembership ? '' : defaultTenantId);
  const consoleToken = byMembership
    ? tokenGuard((c) => [organizationAudience(organizationIdOf(tenantIdOf(c)))], undefined, { grantChecked: 'by-route' })
    : tokenGuard(resourceIndicators.management(defaultTenantId), undefined, { grantChecked: 'by-route' });

  /** A token of the tenant's own issuer is an app's; any other token is left to the console's token guard. */
  const token: MiddlewareHandler<AuthEnv> = async (c, next) => {
    const tenantId = tenantIdOf(c);
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const audience = resourceIndicators.management(tenantId);
    const checked = bearer ? await tenantTokens(tenantId, bearer, audience) : undefined;
    if (!checked) return consoleToken(c, next);
    const refused = (message: string) => new HttpError('auth.unauthorized', message, { expectedAudience: audience });
    if (!checked.ok) {
      if (checked.reason === 'expired') throw new HttpError('auth.token_expired', 'The access token has expired.');
      throw refused(checked.reason === 'audience' ? `The access token is not for ${audience}.` : 'The access token is invalid.');
    }
    // A client-credentials token (its subject is the app), of an app that still exists.
    const app = checked.subject === checked.clientId ? await findApplication(db, tenantId, checked.clientId) : undefined;
    if (app?.type !== 'MachineToMachine') throw refused('The access token is not a machine-to-machine application\'s.');
    c.set('auth', { userId: app.id, applicationId: app.id, scopes: checked.scopes, grantId: '' });
    await next();
  };

  /** Resolves the tenant and the caller's scopes, once per request, into the context. */
  const resolveTenant: MiddlewareHandler<ManagementEnv> = async (c, next) => {
    const auth = c.get('auth');
    const asMember = byMembership && !auth.applicationId;
    const found = await findTenantAndRole(db, tenantIdOf(c), auth);
    if (!found || (asMember && !found.role)) throw tenantNotFound();
    if (found.tenant.isSuspended) throw tenantSuspended();
    // The management token's `all` counts while its holder is still a console admin: removing one takes effect at once.
    // A machine-to-machine app's `all` comes from its roles, read when its token was issued.
    const holdsAll = auth.scopes.has(allScope) && (Boolean(auth.applicationId) || found.role === 'admin');
    const granted = asMember ? roleScopes(found.role) : holdsAll ? dataScopes : [];
    c.set('tenant', found.tenant);
    c.set('planQuota', quotas ? enforcedQuotaOf(found.tenant.planId, found.sku) : undefined);
    c.set('scopes', new Set(granted.filter((scope) => !asMember || auth.scopes.has(scope))));
    await next();
  };

  /** The one middleware of a management route: the token, the tenant, and the scope the route needs (also in the API document). */
  const access = (scope: DataScope) => describing(every(token, resolveTenant, requireScope(scope)), securedBy('management', scope));

  /** One write: a transaction that locks the tenant, in which `fn` checks the quota, writes and logs the change. */
  const withTenantWrite = <T>(c: Context<ManagementEnv>, fn: (write: TenantWrite) => Promise<T>) =>
    db.transaction(async (tx) => {
      const tenant = await lockTenant(tx, c.var.tenant.id);
      if (!tenant) throw tenantNotFound();
      return fn({
        tx,
        tenant,
        checkQuota: async (key, parentId, added) => {
          const checked = quotas ? await checkQuota(tx, tenant, key, parentId, added) : undefined;
          if (checked?.ok === false) throw quotaExceeded(checked.exceeded);
        },
        log: async (change) => {
          await logChange(tx, c, trustProxy, change);
          await fireChangeHook(tx, c, trustProxy, change);
        },
      });
    });

  return { access, withTenantWrite };
};

export type ManagementKit = ReturnType<typeof createManagementKit>;

export { sendPage } from './list.ts';
export { containing, type Page } from '../tenant/list.ts';
