import { useRouter } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import type { Tenant } from '#schemas/tenant.ts';
import { useServices } from '#src/app/services.ts';

/** What creating a tenant does, from the modal or from onboarding: the session's list, the toast, the tenant. */
export function useTenantCreatedEffects() {
  const router = useRouter();
  const { setTenants } = useServices();
  const { t } = useLingui();
  return {
    addTenant: (tenant: Tenant) => {
      const others = router.options.context.tenants.filter(({ id }) => id !== tenant.id);
      setTenants([...others, tenant]);
    },
    notifyTenantCreated: () => notifications.show({ color: 'green', message: t`Tenant created` }),
    openTenant: (tenant: Tenant) => void router.navigate({ to: '/$tenantId', params: { tenantId: tenant.id } }),
  };
}

export type TenantCreatedDependencies = {
  addTenant: (tenant: Tenant) => void;
  notifyTenantCreated: () => void;
  openTenant: (tenant: Tenant) => void;
};

/** The implementations of the machines' tenant-created actions (machines/tenant-created.ts). */
export const tenantCreatedImplementations = (deps: TenantCreatedDependencies) => ({
  addTenant: (_: unknown, tenant: Tenant) => deps.addTenant(tenant),
  notifyTenantCreated: () => deps.notifyTenantCreated(),
  openTenant: (_: unknown, tenant: Tenant) => deps.openTenant(tenant),
});
