import { createFileRoute } from '@tanstack/react-router';
import { requireTab } from '#src/app/guards.ts';
import { pageTabs } from '#src/ui/page-names.ts';

/** Every connector page sits under a tab: passwordless or social. */
export const Route = createFileRoute('/_console/$tenantId/connectors/$tab')({
  beforeLoad: ({ params }) => requireTab(pageTabs.connectors, params.tab),
});
