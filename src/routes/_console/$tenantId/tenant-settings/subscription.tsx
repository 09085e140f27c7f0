import { createFileRoute } from '@tanstack/react-router';
import { SubscriptionTab } from '#src/pages/tenant-settings/subscription/SubscriptionTab.tsx';

/** Loaded by the tab itself once the member's access is known (manage:tenant). */
export const Route = createFileRoute('/_console/$tenantId/tenant-settings/subscription')({
  component: SubscriptionTab,
});
