import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { consolePath } from '#schemas/constants.ts';
import type { Tenant } from '#schemas/tenant.ts';
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

/**
 * Once signed in: loads the routes the URL matches with the user's tenants (their checks, and the page's first request)
 * at once, while React renders the console around them, rather than once the router is rendered. The router, when it
 * mounts, finds them loading or loaded.
 */
export function loadSignedInRoutes(router: ConsoleRouter, tenants: Tenant[]) {
  router.update({ ...router.options, context: { ...router.options.context, tenants } });
  return router.load();
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
