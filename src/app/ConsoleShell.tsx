import { Outlet, useParams, useRouteContext } from '@tanstack/react-router';
import { useApplySavedPreferences } from '../preferences/hooks.ts';
import { ConsoleLayout } from '../ui/ConsoleLayout.tsx';
import { Sidebar } from '../ui/Sidebar.tsx';
import { UserMenuContainer } from './UserMenuContainer.tsx';

/** The main layout: top bar with the user menu, and the sidebar on a tenant's pages. */
export function ConsoleShell() {
  useApplySavedPreferences();
  const { tenantId } = useParams({ strict: false });
  const { tenants } = useRouteContext({ from: '__root__' });
  const tenant = tenants.find(({ id }) => id === tenantId);
  return (
    <ConsoleLayout
      tenant={tenant}
      userMenu={<UserMenuContainer />}
      sidebar={tenantId ? <Sidebar tenantId={tenantId} /> : undefined}
    >
      <Outlet />
    </ConsoleLayout>
  );
}
