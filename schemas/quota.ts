/** Plans and their quotas (spec 01 §3 and §9). A value is a number, a boolean (true = enabled), null (unlimited) or 0. */
import { quotaExceededMessagePrefix } from './error.ts';

export const planIds = {
  free: 'free',
  pro: 'pro',
  pro202411: 'pro-2024-11',
  development: 'development',
  admin: 'admin',
} as const;

export const quotaKeys = [
  'mauLimit', 'tokenLimit', 'applicationsLimit', 'machineToMachineLimit', 'thirdPartyApplicationsLimit', 'resourcesLimit',
  'scopesPerResourceLimit', 'socialConnectorsLimit', 'userRolesLimit', 'machineToMachineRolesLimit', 'scopesPerRoleLimit',
  'hooksLimit', 'auditLogsRetentionDays', 'mfaEnabled', 'organizationsLimit', 'enterpriseSsoLimit', 'tenantMembersLimit',
  'customJwtEnabled', 'subjectTokenEnabled', 'bringYourUiEnabled', 'idpInitiatedSsoEnabled', 'samlApplicationsLimit',
] as const;
export type QuotaKey = (typeof quotaKeys)[number];
export type QuotaValue = number | boolean | null;
/** Keys a plan does not name are unlimited (null). */
export type PlanQuota = Partial<Record<QuotaKey, QuotaValue>>;

/** Every plan id that is not reserved is an enterprise plan (spec 01 §3). */
export const reservedPlanIds: readonly string[] = Object.values(planIds);
export const isEnterprisePlanId = (planId: string) => !reservedPlanIds.includes(planId);
/** The basic plans a user can choose (spec 01 §9); checkout defaults to the newest pro plan. */
export const offeredPlanIds = [planIds.free, planIds.pro202411] as const;
export const defaultCheckoutPlanId = planIds.pro202411;
export const planRanking: Partial<Record<string, number>> = { [planIds.free]: 0, [planIds.pro]: 1, [planIds.pro202411]: 1 };
/** Hours until a support ticket is answered; the console adds it to the plan's quota (spec 01 §3, §9). */
export const ticketSupportResponseTimes: Partial<Record<string, number>> = {
  [planIds.free]: 0,
  [planIds.pro]: 48,
  [planIds.pro202411]: 48,
};
/** Paid plans whose add-on keys are billed per unit beyond the included quota instead of being capped. */
export const usageBasedPlanIds: readonly string[] = [planIds.pro, planIds.pro202411];
/** The keys that have a usage add-on: on a usage-based plan each is included up to its quota, and billed per unit beyond. */
export const usageAddOnKeys = [
  'mauLimit', 'tokenLimit', 'machineToMachineLimit', 'resourcesLimit', 'hooksLimit', 'tenantMembersLimit', 'enterpriseSsoLimit',
  'mfaEnabled', 'organizationsLimit',
] as const satisfies readonly QuotaKey[];
export type UsageAddOnKey = (typeof usageAddOnKeys)[number];
/**
 * Whether the plan bills `key` per unit beyond its included quota, instead of capping it there: what the plan card, the
 * usage cards and the server's quota check all follow. A key not included (false or 0) is then a paid add-on.
 */
export const isBilledPerUnit = (planId: string, key: QuotaKey) =>
  usageBasedPlanIds.includes(planId) && (usageAddOnKeys as readonly QuotaKey[]).includes(key);

/** What a plan enforces: its included quota, where each key billed per unit is unlimited (a feature key enabled). */
export const enforcedQuota = <Quota extends PlanQuota>(planId: string, included: Quota): Quota => {
  const quota = { ...included };
  for (const key of usageAddOnKeys) {
    if (key in quota && isBilledPerUnit(planId, key)) quota[key] = (typeof quota[key] === 'boolean' ? true : null) as Quota[typeof key];
  }
  return quota;
};

const proQuota: PlanQuota = {
  mauLimit: 50_000,
  tokenLimit: 1_000_000,
  applicationsLimit: null,
  machineToMachineLimit: 1,
  thirdPartyApplicationsLimit: null,
  resourcesLimit: 1,
  scopesPerResourceLimit: null,
  socialConnectorsLimit: null,
  userRolesLimit: null,
  machineToMachineRolesLimit: null,
  scopesPerRoleLimit: null,
  hooksLimit: 1,
  auditLogsRetentionDays: 14,
  mfaEnabled: false,
  organizationsLimit: 0,
  enterpriseSsoLimit: 0,
  tenantMembersLimit: 3,
  customJwtEnabled: true,
  subjectTokenEnabled: true,
  bringYourUiEnabled: true,
  idpInitiatedSsoEnabled: false,
  samlApplicationsLimit: 0,
};

/** The quotas of spec 01 §9 (free, development); pro and admin are the project's own choice. */
export const planQuotas: Partial<Record<string, PlanQuota>> = {
  [planIds.pro]: proQuota,
  [planIds.pro202411]: proQuota,
  [planIds.admin]: {},
  [planIds.free]: {
    mauLimit: 50_000,
    tokenLimit: 500_000,
    applicationsLimit: 3,
    machineToMachineLimit: 1,
    thirdPartyApplicationsLimit: 0,
    resourcesLimit: 1,
    scopesPerResourceLimit: 1,
    socialConnectorsLimit: 3,
    userRolesLimit: 1,
    machineToMachineRolesLimit: 1,
    scopesPerRoleLimit: 1,
    hooksLimit: 1,
    auditLogsRetentionDays: 3,
    mfaEnabled: false,
    organizationsLimit: 0,
    enterpriseSsoLimit: 0,
    tenantMembersLimit: 1,
    customJwtEnabled: false,
    subjectTokenEnabled: false,
    bringYourUiEnabled: false,
    idpInitiatedSsoEnabled: false,
    samlApplicationsLimit: 0,
  },
  [planIds.development]: {
    mauLimit: 100,
    auditLogsRetentionDays: 14,
    tenantMembersLimit: 20,
    mfaEnabled: true,
    customJwtEnabled: true,
    subjectTokenEnabled: true,
    bringYourUiEnabled: true,
  },
};

/** A plan's value for one key; unknown plans and unnamed keys are unlimited. */
export const quotaOf = (planId: string, key: QuotaKey): QuotaValue => planQuotas[planId]?.[key] ?? null;

/**
 * Whether `usage` fits `limit` (spec 01 §5): no limit, a limit of true, or usage at or below the limit
 * (strictly below in strict mode).
 */
export const isQuotaSatisfied = (limit: QuotaValue, usage: number, { strict = false } = {}) => {
  if (limit === null || limit === true) return true;
  if (limit === false) return false;
  return strict ? usage < limit : usage <= limit;
};

/** The 403 message of an exceeded quota (spec 01 §8): the prefix, then a JSON object whose keys are the exceeded quotas. */
export const quotaExceededMessage = (exceeded: PlanQuota) => `${quotaExceededMessagePrefix} ${JSON.stringify(exceeded)}`;

/** The exceeded quota keys named by such a message; undefined for any other message. */
export const exceededQuotaKeys = (message: string): QuotaKey[] | undefined => {
  if (!message.startsWith(quotaExceededMessagePrefix)) return undefined;
  try {
    const parsed: unknown = JSON.parse(message.slice(quotaExceededMessagePrefix.length));
    if (typeof parsed !== 'object' || parsed === null) return [];
    return Object.keys(parsed).filter((key): key is QuotaKey => (quotaKeys as readonly string[]).includes(key));
  } catch {
    return [];
  }
};

/** The exceeded quota keys of a failed request (its message, spec 01 §8); undefined for any other failure. */
export const exceededQuotaKeysOf = (error: unknown): QuotaKey[] | undefined =>
  error instanceof Error ? exceededQuotaKeys(error.message) : undefined;
