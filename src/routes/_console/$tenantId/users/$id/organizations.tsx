import { createFileRoute } from '@tanstack/react-router';
import { OrganizationsTab } from '#src/pages/users/details/OrganizationsTab.tsx';

export const Route = createFileRoute('/_console/$tenantId/users/$id/organizations')({
  component: OrganizationsTab,
});
