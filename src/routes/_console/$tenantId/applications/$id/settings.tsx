import { createFileRoute } from '@tanstack/react-router';
import { ApplicationTab } from '#src/pages/applications/details/ApplicationTab.tsx';
import { SettingsTab } from '#src/pages/applications/details/SettingsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/settings')({
  component: () => (
    <ApplicationTab segment="settings">
      <SettingsTab />
    </ApplicationTab>
  ),
});
