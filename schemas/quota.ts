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

/** The quotas spec 01 §9 gives; the billing issue adds the paid plans. */
export const planQuotas: Partial<Record<string, PlanQuota>> = {
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
