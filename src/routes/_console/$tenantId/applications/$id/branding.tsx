import { createFileRoute } from '@tanstack/react-router';
import { BrandingTab } from '#src/pages/applications/details/BrandingTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/applications/$id/branding')({
  component: BrandingTab,
});
