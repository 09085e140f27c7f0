import { createFileRoute } from '@tanstack/react-router';
import { GeneralTab } from '#src/pages/roles/details/GeneralTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/roles/$id/general')({
  component: GeneralTab,
});
