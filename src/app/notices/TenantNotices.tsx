import { Suspense, type ReactNode } from 'react';
import { Box } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { Tenant } from '#schemas/tenant.ts';
import { useFeature } from '#src/edition.ts';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { lazyComponent } from '#src/ui/lazyDialog.tsx';
import { useOpenCustomerPortal } from '#src/ui/useOpenCustomerPortal.ts';
import { exceededUsageOf, isPaymentOverdue, lacksProductionTenant } from '#src/rules/notices.ts';
import { useDismissals } from '#src/ui/notices/dismissals.ts';
import { ProductionTenantBanner } from './ProductionTenantBanner.tsx';
import { SuspendedPage } from '#src/ui/notices/SuspendedPage.tsx';
import { useMigrationNotice } from '#src/ui/notices/useMigrationNotice.ts';
import { useTenants } from '#src/data/tenants.ts';

// The modals' code loads when one shows, so that it stays off the first screen.
const noticeModals = () => import('#src/ui/notices/NoticeModals.tsx');
const PaymentOverdueModal = lazyComponent(async () => (await noticeModals()).PaymentOverdueModal);
const UsageExceededModal = lazyComponent(async () => (await noticeModals()).UsageExceededModal);
const MigrationNoticeModal = lazyComponent(async () => (await noticeModals()).MigrationNoticeModal);

/**
 * The cloud edition's notices around a tenant's pages (spec 01 §4): a suspended tenant shows only the suspended page;
 * otherwise the production-tenant banner, and one modal at a time: payment overdue, then the usage upsell, then the
 * migration notice. The tenant's usage and quota come from the tenant list, which every write refetches (src/data/client.ts).
 */
export function TenantNotices({ tenantId, children }: { tenantId: string; children: ReactNode }) {
  return useFeature('tenantNotices') ? <CloudTenantNotices tenantId={tenantId}>{children}</CloudTenantNotices> : children;
}

function CloudTenantNotices({ tenantId, children }: { tenantId: string; children: ReactNode }) {
  const tenants = useTenants();
  const tenant = tenants.find(({ id }) => id === tenantId);
  if (!tenant) return children;
  if (tenant.isSuspended) return <SuspendedPage tenantName={tenant.name} />;
  return (
    <>
      {lacksProductionTenant(tenants) && (
        <Box px="md" pt="md">
          <ProductionTenantBanner />
        </Box>
      )}
      {children}
      <Suspense fallback={null}>
        <TenantModal tenant={tenant} />
      </Suspense>
    </>
  );
}

function TenantModal({ tenant }: { tenant: Tenant }) {
  const { canManageTenant } = useTenantAccess();
  const { isDismissed, dismiss } = useDismissals();
  const navigate = useNavigate();
  const openPortal = useOpenCustomerPortal();
  const migration = useMigrationNotice();
  const exceeded = exceededUsageOf(tenant);

  if (isPaymentOverdue(tenant) && !isDismissed('paymentOverdue', tenant.id)) {
    const close = () => dismiss('paymentOverdue', tenant.id);
    const updatePayment = () => {
      close();
      void openPortal(tenant.id);
    };
    return <PaymentOverdueModal tenant={tenant} onClose={close} onUpdatePayment={canManageTenant ? updatePayment : undefined} />;
  }
  if (exceeded && !isDismissed('usageExceeded', tenant.id)) {
    const close = () => dismiss('usageExceeded', tenant.id);
    const upgrade = () => {
      close();
      void navigate({ to: '/$tenantId/tenant-settings/subscription', params: { tenantId: tenant.id } });
    };
    return <UsageExceededModal tenant={tenant} exceeded={exceeded} onClose={close} onUpgrade={canManageTenant ? upgrade : undefined} />;
  }
  if (migration.shows) return <MigrationNoticeModal onClose={migration.dismiss} />;
  return null;
}
