import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { Navigate, Outlet, useLocation } from '@tanstack/react-router';
import { useDetailQuery, type DetailQueryOf } from '#src/data/detail.ts';
import { DetailQueryState } from './DetailQueryState.tsx';
import { TabNav, type PageTab } from './TabNav.tsx';

export type DetailLayoutProps<T> = {
  detail: DetailQueryOf<T>;
  /** The entity's tabs, each a route; `visible` leaves out those that do not fit the entity. */
  tabs: readonly PageTab<T>[];
  /** The tab bar's accessible name. */
  tabsLabel: string;
  /** The header, and what shows between it and the tabs (a notice). */
  children: (entity: T) => ReactNode;
};

/**
 * Every details page (`…/$id`): loads the entity (a skeleton, not found for an unknown id, an error with Retry), then
 * the header, the tabs that fit the entity, and the current tab. One rule for a tab that does not fit the entity (the
 * users of a machine-to-machine role): its address opens the first tab instead.
 */
export function DetailLayout<T extends { id: string }>({ detail, tabs, tabsLabel, children }: DetailLayoutProps<T>) {
  const { tenantId, query } = useDetailQuery(detail);
  return (
    <DetailQueryState query={query}>
      {(entity) => (
        <Stack gap="lg" p="md">
          {children(entity)}
          <TabNav label={tabsLabel} tabs={tabs} subject={entity} params={{ tenantId, id: entity.id }} />
          <FittingTab tabs={tabs} entity={entity} params={{ tenantId, id: entity.id }} />
        </Stack>
      )}
    </DetailQueryState>
  );
}

function FittingTab<T>({ tabs, entity, params }: { tabs: readonly PageTab<T>[]; entity: T; params: Record<string, string> }) {
  // The settled location, not a pending one: a redirect under way is not a second misfit.
  const pathname = useLocation({ select: (location) => location.pathname.replace(/\/$/, '') });
  const fits = ({ visible }: PageTab<T>) => !visible || visible(entity);
  const [first] = tabs.filter(fits);
  const misfit = tabs.some((tab) => !fits(tab) && pathname.endsWith(`/${params.id}/${tab.segment}`));
  return misfit && first ? <Navigate to={first.to} params={params as never} replace /> : <Outlet />;
}
