import type { Hook } from '#schemas/webhook.ts';
import type { PageTab } from '#src/ui/detail/TabNav.tsx';
import { tabNames } from '#src/ui/page-names.ts';

/** The tabs of a webhook (spec 02 §2): settings (the default) and recent requests. */
export const webhookTabs: PageTab<Hook>[] = [
  { segment: 'settings', title: tabNames.settings, to: '/$tenantId/webhooks/$id/settings' },
  { segment: 'recent-requests', title: tabNames['recent-requests'], to: '/$tenantId/webhooks/$id/recent-requests' },
];
