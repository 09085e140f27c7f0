import { createFileRoute } from '@tanstack/react-router';
import { ApplicationTab } from '#src/pages/applications/details/ApplicationTab.tsx';
import { BrandingTab } from '#src/pages/applications/details/BrandingTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/branding')({
  component: () => (
    <ApplicationTab segment="branding">
      <BrandingTab />
    </ApplicationTab>
  ),
});
