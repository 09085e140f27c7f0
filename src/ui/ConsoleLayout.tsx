import type { ReactNode } from 'react';
import { AppShell, Burger } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import { TopBar, useTopBarHeight, type TopBarProps } from './TopBar.tsx';

export type ConsoleLayoutProps = Omit<TopBarProps, 'navigationToggle'> & {
  /** The tenant's sidebar; pages outside a tenant have none. */
  sidebar?: ReactNode;
  children: ReactNode;
};

/** Top bar, sidebar and the page; a shadow under the bar once the page has scrolled. */
export function ConsoleLayout({ sidebar, children, ...topBar }: ConsoleLayoutProps) {
  const { t } = useLingui();
  const [{ y }] = useWindowScroll();
  const [navigationOpened, navigation] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: useTopBarHeight(topBar.tenantSelector) }}
      navbar={sidebar ? { width: 260, breakpoint: 'sm', collapsed: { mobile: !navigationOpened } } : undefined}
      padding="md"
    >
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
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
