import type { MouseEvent, ReactNode } from 'react';
import { AppShell, Burger } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { TopBar, useTopBarHeight, type TopBarProps } from './TopBar.tsx';
import classes from './skip-link.module.css';

export type ConsoleLayoutProps = Omit<TopBarProps, 'navigationToggle'> & {
  /** The tenant's sidebar; pages outside a tenant have none. */
  sidebar?: ReactNode;
  children: ReactNode;
};

const mainId = 'main-content';

/**
 * Top bar, sidebar and the page; a shadow under the bar once the page has scrolled. The first thing the keyboard
 * reaches is a link that skips the top bar and the sidebar.
 */
export function ConsoleLayout({ sidebar, children, ...topBar }: ConsoleLayoutProps) {
  const { t } = useLingui();
  const [{ y }] = useWindowScroll();
  const [navigationOpened, navigation] = useDisclosure(false);
  const skipToMain = (event: MouseEvent) => {
    // The focus moves without a new URL, which the router would take for a navigation.
    event.preventDefault();
    document.getElementById(mainId)?.focus();
  };
  return (
    <AppShell
      header={{ height: useTopBarHeight(topBar.tenantSelector) }}
      navbar={sidebar ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !navigationOpened } } : undefined}
      padding="md"
    >
      <a href={`#${mainId}`} className={classes.skipLink} onClick={skipToMain}>
        {t`Skip to main content`}
      </a>
      <AppShell.Header withBorder={false} style={{ boxShadow: y > 0 ? 'var(--mantine-shadow-sm)' : 'none' }} data-scrolled={y > 0}>
        <TopBar
          {...topBar}
          navigationToggle={
            sidebar && (
              <Burger opened={navigationOpened} onClick={navigation.toggle} hiddenFrom="sm" size="sm" aria-label={t`Toggle navigation`} />
            )
          }
        />
      </AppShell.Header>
      {sidebar && <AppShell.Navbar>{sidebar}</AppShell.Navbar>}
      {/* The page makes room for the sidebar at once: AppShell would slide its padding in, and a page that gains the
          sidebar (a tenant opened after accepting an invitation) was drawn under it meanwhile. */}
      <AppShell.Main id={mainId} tabIndex={-1} style={{ outline: 'none', transitionProperty: 'none' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
