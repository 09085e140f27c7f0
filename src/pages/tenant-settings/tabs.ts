import type { MessageDescriptor } from '@lingui/core';
import type { Tenant } from '#schemas/tenant.ts';
import type { TenantAccess } from '#src/rules/tenant-access.ts';
import { tabNames } from '#src/ui/page-names.ts';

export type TenantSettingsTab = {
  segment: 'settings' | 'members' | 'domains' | 'subscription' | 'billing-history';
  title: MessageDescriptor;
  to:
    | '/$tenantId/tenant-settings/settings'
    | '/$tenantId/tenant-settings/members'
    | '/$tenantId/tenant-settings/domains'
    | '/$tenantId/tenant-settings/subscription'
    | '/$tenantId/tenant-settings/billing-history';
  visible: (access: TenantAccess, tenant: Pick<Tenant, 'tag'>) => boolean;
};

const always = () => true;
const managers = (access: TenantAccess) => access.canManageTenant;
/** Subscription and billing: the tenant's managers, and not for development tenants (spec 02 §2). */
const billing = (access: TenantAccess, tenant: Pick<Tenant, 'tag'>) => access.canManageTenant && tenant.tag !== 'development';

/** The tabs of tenant settings (spec 02 §2), each shown only to members whose access allows it. */
export const tenantSettingsTabs: TenantSettingsTab[] = [
  { segment: 'settings', title: tabNames.settings, to: '/$tenantId/tenant-settings/settings', visible: managers },
  { segment: 'members', title: tabNames.members, to: '/$tenantId/tenant-settings/members', visible: always },
  { segment: 'domains', title: tabNames.domains, to: '/$tenantId/tenant-settings/domains', visible: always },
  { segment: 'subscription', title: tabNames.subscription, to: '/$tenantId/tenant-settings/subscription', visible: billing },
  { segment: 'billing-history', title: tabNames['billing-history'], to: '/$tenantId/tenant-settings/billing-history', visible: billing },
];

export const isTabVisible = (segment: TenantSettingsTab['segment'], access: TenantAccess, tenant: Pick<Tenant, 'tag'>) =>
  tenantSettingsTabs.some((tab) => tab.segment === segment && tab.visible(access, tenant));
