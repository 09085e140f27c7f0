import type { SubscriptionUsage, UsageKey } from '../../schemas/billing.ts';
import type { FullQuota } from '../../schemas/billing.ts';
import { usageKeys } from '../../schemas/billing.ts';
import { isQuotaSatisfied, type PlanQuota } from '../../schemas/quota.ts';
import type { Db } from '../db/client.ts';
import { seatsTaken } from '../invitations.ts';
import type { TenantRow } from '../tenants.ts';

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
  applicationsLimit: noneYet,
  machineToMachineLimit: noneYet,
  thirdPartyApplicationsLimit: noneYet,
  resourcesLimit: noneYet,
  socialConnectorsLimit: noneYet,
  userRolesLimit: noneYet,
  machineToMachineRolesLimit: noneYet,
  hooksLimit: noneYet,
  organizationsLimit: noneYet,
  enterpriseSsoLimit: noneYet,
  samlApplicationsLimit: noneYet,
  mfaEnabled: notInUseYet,
  customJwtEnabled: notInUseYet,
  subjectTokenEnabled: notInUseYet,
  bringYourUiEnabled: notInUseYet,
  idpInitiatedSsoEnabled: notInUseYet,
};

/** Scopes per API resource and per role, keyed by id: empty until those tables exist. */
const scopesPerResource = async (_db: Db, _tenant: TenantRow): Promise<Record<string, number>> => ({});
const scopesPerRole = async (_db: Db, _tenant: TenantRow): Promise<Record<string, number>> => ({});

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
