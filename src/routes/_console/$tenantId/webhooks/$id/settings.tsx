import { createFileRoute } from '@tanstack/react-router';
import { SettingsTab } from '#src/pages/webhooks/details/SettingsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/webhooks/$id/settings')({
  component: SettingsTab,
});
