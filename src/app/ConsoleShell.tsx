import { createContext, useContext, type ReactNode } from 'react';
import { Outlet, useParams } from '@tanstack/react-router';
import { useTenants } from '../data/tenants.ts';
import { useApplySavedPreferences, useUserFromOtherTabs } from '../preferences/hooks.ts';
import { ConsoleLayout } from '../ui/ConsoleLayout.tsx';
import { NotFound } from '../ui/NotFound.tsx';
import { Sidebar } from '../ui/Sidebar.tsx';
import { TenantSwitcherContainer } from './TenantSwitcherContainer.tsx';
import { UserMenuContainer } from './UserMenuContainer.tsx';

const InsideShell = createContext(false);

/** The main layout: top bar with the user menu, and the sidebar on the pages of one of the user's tenants. */
export function ConsoleShell({ children = <Outlet /> }: { children?: ReactNode }) {
  useApplySavedPreferences();
  useUserFromOtherTabs();
  const { tenantId } = useParams({ strict: false });
  const isMember = useTenants().some(({ id }) => id === tenantId);
  return (
    <InsideShell.Provider value={true}>
      <ConsoleLayout
        tenantSelector={<TenantSwitcherContainer />}
        userMenu={<UserMenuContainer />}
        sidebar={tenantId && isMember ? <Sidebar tenantId={tenantId} /> : undefined}
      >
        {children}
      </ConsoleLayout>
    </InsideShell.Provider>
  );
}

/**
 * Not found among the console's pages, always inside the layout: a path that matches no page shows it in the layout's
 * outlet, while a page that finds it does not exist (before it loads) replaces the whole layout route, which then
 * brings its own layout.
 */
export function ConsoleNotFound() {
  return useContext(InsideShell) ? (
    <NotFound />
  ) : (
    <ConsoleShell>
      <NotFound />
    </ConsoleShell>
  );
}
