import { createFileRoute } from '@tanstack/react-router';
import { GeneralTab } from '#src/pages/api-resources/details/GeneralTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/api-resources/$id/general')({
  component: GeneralTab,
});
