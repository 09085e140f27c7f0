import { createFileRoute } from '@tanstack/react-router';
import { BillingHistoryTab } from '#src/pages/tenant-settings/billing-history/BillingHistoryTab.tsx';

/** Loaded by the tab itself once the member's access is known (manage:tenant). */
export const Route = createFileRoute('/_console/$tenantId/tenant-settings/billing-history')({
  component: BillingHistoryTab,
});
