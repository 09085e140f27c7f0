import type { MouseEvent, ReactNode } from 'react';
import { Burger } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { RemoveScroll } from './app-shell-scroll.ts';
import { TopBar, useTenantRow, type TopBarProps } from './TopBar.tsx';
import layout from './ConsoleLayout.module.css';
import classes from './skip-link.module.css';

export type ConsoleLayoutProps = Omit<TopBarProps, 'navigationToggle'> & {
  /** The tenant's sidebar; pages outside a tenant have none. */
  sidebar?: ReactNode;
  children: ReactNode;
};

const mainId = 'main-content';

/**
 * Top bar, sidebar and the page; a shadow under the bar once the page has scrolled. The first thing the keyboard
 * reaches is a link that skips the top bar and the sidebar. Plain elements and a stylesheet: Mantine's AppShell, with
 * its resizing and media-query code, was some 6 kB gzip of the first screen for this one layout.
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
    <div className={layout.root} data-with-navbar={sidebar ? true : undefined} data-tenant-row={useTenantRow(topBar.tenantSelector) || undefined}>
      <a href={`#${mainId}`} className={classes.skipLink} onClick={skipToMain}>
        {t`Skip to main content`}
      </a>
      {/* The scroll lock of a modal pads this fixed bar as it pads the page. */}
      <header
        className={`${layout.header} ${RemoveScroll.classNames.zeroRight}`}
        style={{ boxShadow: y > 0 ? 'var(--mantine-shadow-sm)' : 'none' }}
        data-scrolled={y > 0}
      >
        <TopBar
          {...topBar}
          navigationToggle={
            sidebar && (
              <Burger opened={navigationOpened} onClick={navigation.toggle} hiddenFrom="sm" size="sm" aria-label={t`Toggle navigation`} />
            )
          }
        />
      </header>
      {sidebar && (
        <nav className={layout.navbar} data-collapsed={navigationOpened ? undefined : true}>
          {sidebar}
        </nav>
      )}
      <main id={mainId} tabIndex={-1} className={layout.main}>
        {children}
      </main>
    </div>
  );
}
