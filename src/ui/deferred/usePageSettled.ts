import { useEffect, useState } from 'react';
import { useIsFetching } from '@tanstack/react-query';
import { useRouterState } from '@tanstack/react-router';
import { whenIdle } from './useDeferred.ts';

/**
 * True once the page has its code and its data (the router idle, no query fetching) and the browser is idle, and from
 * then on: what only adorns the page (the pending invitations' dot) waits for it, off the page's critical path.
 */
export function usePageSettled(timeout = 2000): boolean {
  const routerIdle = useRouterState({ select: ({ status }) => status === 'idle' });
  const fetching = useIsFetching() > 0;
  const [settled, setSettled] = useState(false);
  useEffect(() => (settled || fetching || !routerIdle ? undefined : whenIdle(() => setSettled(true), timeout)), [settled, fetching, routerIdle, timeout]);
  return settled;
}
