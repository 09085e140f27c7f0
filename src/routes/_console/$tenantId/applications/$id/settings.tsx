import { createFileRoute } from '@tanstack/react-router';
import { SettingsTab } from '#src/pages/applications/details/SettingsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/settings')({
  component: SettingsTab,
});
