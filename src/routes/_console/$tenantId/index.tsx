import { createFileRoute, redirect } from '@tanstack/react-router';
import { t } from '@lingui/core/macro';
import { firstVisibleSidebarItem } from '#src/ui/sidebar/items.ts';

/** The index of a tenant goes to the first visible sidebar item, replacing history. */
export const Route = createFileRoute('/_console/$tenantId/')({
  beforeLoad: ({ context, params }) => {
    if (!params.tenantId) throw new Error(t`Tenant ID not found`);
    const item = firstVisibleSidebarItem(context.config.edition);
    if (!item) throw new Error(t`First sidebar item not found`);
    throw redirect({ to: item.to, params: { tenantId: params.tenantId }, replace: true });
  },
});
