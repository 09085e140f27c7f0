import type { SubscriptionUsage, UsageKey } from '#schemas/billing.ts';
import type { FullQuota } from '#schemas/billing.ts';
import { usageKeys } from '#schemas/billing.ts';
import { isQuotaSatisfied, type PlanQuota, type QuotaKey } from '#schemas/quota.ts';
import type { Db } from '../db/client.ts';
import { seatsTaken } from '../invitations.ts';
import { countApplications } from '../tenant/applications/store.ts';
import { countSocialConnectors } from '../tenant/connectors/store.ts';
import { countHooks } from '../tenant/hooks/store.ts';
import { countResources, countScopesPerResource } from '../tenant/resources/store.ts';
import { countRoles, countScopesPerRole } from '../tenant/roles/store.ts';
import { loadPlan } from './skus.ts';
import type { TenantRow } from '../tenants.ts';
import { ok, type Result } from '../result.ts';

type Counter = (db: Db, tenant: TenantRow) => Promise<number | boolean>;

/**
 * Nothing of this kind can exist yet: the management API of later issues (applications, API resources, roles,
 * connectors, webhooks, organizations, SSO, MFA, JWT customization, …) replaces each with a real count of its table.
 */
const noneYet: Counter = async () => 0;
const notInUseYet: Counter = async () => false;

/** How each usage figure of a tenant is found. The period counters (MAU, tokens) are set by the ops CLI. */
const counters: Record<UsageKey, Counter> = {
  mauLimit: async (_db, tenant) => tenant.activeUsers,
  tokenLimit: async (_db, tenant) => tenant.tokenUsage,
  tenantMembersLimit: (db, tenant) => seatsTaken(db, tenant.id),
  applicationsLimit: (db, tenant) => countApplications(db, tenant.id),
  machineToMachineLimit: (db, tenant) => countApplications(db, tenant.id, { type: 'MachineToMachine' }),
  thirdPartyApplicationsLimit: (db, tenant) => countApplications(db, tenant.id, { isThirdParty: true }),
  resourcesLimit: (db, tenant) => countResources(db, tenant.id),
  socialConnectorsLimit: (db, tenant) => countSocialConnectors(db, tenant.id),
  userRolesLimit: (db, tenant) => countRoles(db, tenant.id, 'User'),
  machineToMachineRolesLimit: (db, tenant) => countRoles(db, tenant.id, 'MachineToMachine'),
  hooksLimit: (db, tenant) => countHooks(db, tenant.id),
  organizationsLimit: noneYet,
  enterpriseSsoLimit: noneYet,
  samlApplicationsLimit: noneYet,
  mfaEnabled: notInUseYet,
  customJwtEnabled: notInUseYet,
  subjectTokenEnabled: notInUseYet,
  bringYourUiEnabled: notInUseYet,
  idpInitiatedSsoEnabled: notInUseYet,
};

/** Scopes per API resource (the built-in management API aside) and per role, keyed by id. */
const scopesPerResource = (db: Db, tenant: TenantRow): Promise<Record<string, number>> => countScopesPerResource(db, tenant.id);
const scopesPerRole = (db: Db, tenant: TenantRow): Promise<Record<string, number>> => countScopesPerRole(db, tenant.id);

export type TenantUsage = Pick<SubscriptionUsage, 'usage' | 'resources' | 'roles'>;

export const countUsage = async (db: Db, tenant: TenantRow): Promise<TenantUsage> => {
  const usage = {} as SubscriptionUsage['usage'];
  for (const key of usageKeys) usage[key] = await counters[key](db, tenant);
  return { usage, resources: await scopesPerResource(db, tenant), roles: await scopesPerRole(db, tenant) };
};

/** Keys whose usage is measured per billing period and that a plan change never refuses. */
const periodKeys: readonly UsageKey[] = ['mauLimit', 'tokenLimit'];

/**
 * The keys a tenant's current resources exceed on `quota`, with the quota's value, as the quota-exceeded message names
 * them (spec 01 §8). A feature in use exceeds a quota of false.
 */
export const exceededQuota = (quota: FullQuota, { usage, resources, roles }: TenantUsage): PlanQuota => {
  const exceeded: PlanQuota = {};
  for (const key of usageKeys) {
    if (periodKeys.includes(key)) continue;
    const used = usage[key];
    const limit = quota[key];
    if (typeof used === 'boolean' ? used && limit === false : !isQuotaSatisfied(limit, used)) exceeded[key] = limit;
  }
  const most = (counts: Record<string, number>) => Math.max(0, ...Object.values(counts));
  if (!isQuotaSatisfied(quota.scopesPerResourceLimit, most(resources))) exceeded.scopesPerResourceLimit = quota.scopesPerResourceLimit;
  if (!isQuotaSatisfied(quota.scopesPerRoleLimit, most(roles))) exceeded.scopesPerRoleLimit = quota.scopesPerRoleLimit;
  return exceeded;
};

/** The keys counted per parent (an API resource, a role) rather than per tenant. */
const perParent: Partial<Record<QuotaKey, (db: Db, tenant: TenantRow, parentId: string) => Promise<number>>> = {
  scopesPerResourceLimit: async (db, tenant, resourceId) => (await countScopesPerResource(db, tenant.id, resourceId))[resourceId] ?? 0,
  scopesPerRoleLimit: async (db, tenant, roleId) => (await countScopesPerRole(db, tenant.id, roleId))[roleId] ?? 0,
};

const usageOf = async (db: Db, tenant: TenantRow, key: QuotaKey, parentId?: string): Promise<number | boolean> => {
  const counter = perParent[key];
  if (counter) return counter(db, tenant, parentId ?? '');
  return key in counters ? counters[key as UsageKey](db, tenant) : 0;
};

/** A refused write: the quota keys it would exceed with their limits, answered with the spec's quota error (spec 01 §8). */
export type QuotaRefusal = { reason: 'subscription.quota_exceeded'; exceeded: Partial<PlanQuota> };

/**
 * The quota check of every write that adds `added` of `key` (in `parentId`, for the per-parent keys): refused when the
 * tenant's plan does not allow it. Call with the tenant locked.
 */
export const checkQuota = async (db: Db, tenant: TenantRow, key: QuotaKey, parentId?: string, added = 1): Promise<Result<void, QuotaRefusal>> => {
  const limit = (await loadPlan(db, tenant.planId)).quota[key];
  const used = await usageOf(db, tenant, key, parentId);
  const allowed = typeof used === 'boolean' ? limit !== false : isQuotaSatisfied(limit, used + added);
  return allowed ? ok(undefined) : { ok: false, reason: 'subscription.quota_exceeded', exceeded: { [key]: limit } };
};
