import { Outlet, useParams } from '@tanstack/react-router';
import { useApplySavedPreferences, useUserFromOtherTabs } from '../preferences/hooks.ts';
import { ConsoleLayout } from '../ui/ConsoleLayout.tsx';
import { Sidebar } from '../ui/Sidebar.tsx';
import { TenantSwitcherContainer } from '../ui/tenant-switcher/TenantSwitcherContainer.tsx';
import { UserMenuContainer } from './UserMenuContainer.tsx';

/** The main layout: top bar with the user menu, and the sidebar on a tenant's pages. */
export function ConsoleShell() {
  useApplySavedPreferences();
  useUserFromOtherTabs();
  const { tenantId } = useParams({ strict: false });
  return (
    <ConsoleLayout
      tenantSelector={<TenantSwitcherContainer />}
      userMenu={<UserMenuContainer />}
      sidebar={tenantId ? <Sidebar tenantId={tenantId} /> : undefined}
    >
      <Outlet />
    </ConsoleLayout>
  );
}
