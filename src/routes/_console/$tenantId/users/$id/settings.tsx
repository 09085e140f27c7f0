import { createFileRoute } from '@tanstack/react-router';
import { SettingsTab } from '#src/pages/users/details/SettingsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/users/$id/settings')({
  component: SettingsTab,
});
