import { createFileRoute } from '@tanstack/react-router';
import { MembersLayout } from '#src/pages/tenant-settings/MembersLayout.tsx';

export const Route = createFileRoute('/_console/$tenantId/tenant-settings/members')({
  component: MembersLayout,
});
