import type { AdminConsoleConfig } from '#schemas/admin-console-config.ts';
import type { Tenant } from '#schemas/tenant.ts';
import { isMauExceeded, isTokenExceeded } from './tenant-status.ts';

type NoticeTenant = Pick<Tenant, 'tag' | 'usage' | 'quota' | 'openInvoices'> & { subscription: Pick<Tenant['subscription'], 'isEnterprisePlan'> };

/**
 * Which limit the upsell modal is about (spec 01 §4 upsell modals): none for development tenants; tokens take
 * precedence over monthly active users when both are reached.
 */
export function exceededUsageOf(tenant: NoticeTenant): 'tokens' | 'mau' | undefined {
  if (tenant.tag === 'development') return undefined;
  if (isTokenExceeded(tenant)) return 'tokens';
  if (isMauExceeded(tenant)) return 'mau';
  return undefined;
}

/** The payment-overdue modal shows while the tenant has open invoices (spec 01 §4). */
export const isPaymentOverdue = (tenant: Pick<Tenant, 'openInvoices'>) => tenant.openInvoices.length > 0;

/** The production-tenant banner shows while none of the user's tenants is a production tenant (spec 01 §4). */
export const lacksProductionTenant = (tenants: ReadonlyArray<Pick<Tenant, 'tag'>>) => !tenants.some(({ tag }) => tag === 'production');

/** The one-time migration notice shows while the config has it and it was never read (spec 01 §4). */
export const showsMigrationNotice = ({ developmentTenantMigrationNotification: notice }: Pick<AdminConsoleConfig, 'developmentTenantMigrationNotification'>) =>
  notice !== undefined && notice.readAt === undefined;
