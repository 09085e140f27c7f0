import { useLingui } from '@lingui/react/macro';
import { useTenantAccess } from '#src/flows/scope-reconciliation/access.ts';
import { PlaceholderPage } from '#src/ui/PlaceholderPage.tsx';
import { pageNames, tabNames } from '#src/ui/page-names.ts';
import { useCurrentTenant } from '#src/app/current-tenant.ts';
import { RequireAccess } from './RequireAccess.tsx';
import { isTabVisible } from './tabs.ts';

/** A tenant-settings tab that a later release builds (domains); not found unless visible. */
export function TabPlaceholder({ tab }: { tab: 'domains' }) {
  const { i18n } = useLingui();
  const allowed = isTabVisible(tab, useTenantAccess(), useCurrentTenant());
  const heading = i18n._(tabNames[tab]);
  return (
    <RequireAccess allowed={allowed}>
      <PlaceholderPage title={`${i18n._(pageNames.tenantSettings)} · ${heading}`} heading={heading} order={2} />
    </RequireAccess>
  );
}
