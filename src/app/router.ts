import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { consolePath } from '../../schemas/constants.ts';
import { routeTree } from '../routeTree.gen.ts';
import { NotFound } from '../ui/NotFound.tsx';
import type { RouterContext } from './router-context.ts';
import { RouteError } from './RouteError.tsx';

/** `history` is the browser's unless given (tests use a memory history). */
export function createConsoleRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    basepath: consolePath,
    context,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
    // Freshness is the query client's to decide.
    defaultPreloadStaleTime: 0,
  });
}

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;

/**
 * Starts loading the code of the routes the current URL matches. On a cold load it comes beside the catalog and the
 * session rather than after them; the navigation that follows finds it loaded (and reports a failure itself).
 */
export function preloadMatchedRouteCode(router: ConsoleRouter) {
  const [routes] = router.getMatchedRoutes(router.state.location.pathname);
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => {});
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ConsoleRouter;
  }
  interface StaticDataRouteOption {
    /** A colour scheme the route forces, whatever the user's appearance mode (the onboarding area: light). */
    colorScheme?: 'light' | 'dark';
  }
}

/** The colour scheme the deepest matched route forces, if any. */
export const forcedColorSchemeOf = (matches: ReadonlyArray<{ staticData: { colorScheme?: 'light' | 'dark' } }>) =>
  matches.findLast((match) => match.staticData.colorScheme)?.staticData.colorScheme;
