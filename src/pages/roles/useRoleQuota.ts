import { useQuery } from '@tanstack/react-query';
import { isQuotaSatisfied, type QuotaKey, type QuotaValue } from '#schemas/quota.ts';
import type { RoleType } from '#schemas/role.ts';
import { useTenantQueries } from '#src/data/tenant-scope.ts';
import { billingQueries } from '#src/data/billing.ts';
import { useFeature } from '#src/edition.ts';

export const roleQuotaKeys = { User: 'userRolesLimit', MachineToMachine: 'machineToMachineRolesLimit' } as const satisfies Record<RoleType, QuotaKey>;

/**
 * The plan's role quotas with the tenant's usage (spec 01 §9: roles of each type, permissions per role), in cloud; none
 * in the self-hosted edition or until the usage is loaded. The server checks them too: this only spares a refusal.
 */
export function useRoleQuota() {
  const billing = useTenantQueries(billingQueries);
  const quotas = useFeature('quotas');
  const usage = useQuery({ ...billing.usage(), enabled: quotas }).data;
  if (!quotas || !usage) return undefined;
  const rolesOf = (type: RoleType) => {
    const key = roleQuotaKeys[type];
    const used = Number(usage.usage[key]);
    const limit: QuotaValue = usage.quota[key];
    return { key, used, limit, reached: !isQuotaSatisfied(limit, used, { strict: true }) };
  };
  /** The quota keys a role of `type` with `scopeCount` permissions goes beyond; `creating` counts the role itself. */
  const exceededBy = ({ type, scopeCount, creating }: { type: RoleType; scopeCount: number; creating: boolean }): QuotaKey[] => [
    ...(creating && rolesOf(type).reached ? [roleQuotaKeys[type]] : []),
    ...(isQuotaSatisfied(usage.quota.scopesPerRoleLimit, scopeCount) ? [] : (['scopesPerRoleLimit'] as const)),
  ];
  return { rolesOf, exceededBy };
}
