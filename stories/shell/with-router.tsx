import type { ReactNode } from 'react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { consolePath } from '#schemas/constants.ts';

/** Shell parts with router links render inside a one-route router at the given console path. */
export function WithRouter({ path = '/t1/applications', children }: { path?: string; children: ReactNode }) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => children }),
    basepath: consolePath,
    history: createMemoryHistory({ initialEntries: [`${consolePath}${path}`] }),
  });
  return <RouterProvider router={router} />;
}
