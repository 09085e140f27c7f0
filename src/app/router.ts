import { createRouter } from '@tanstack/react-router';
import { consolePath } from '../../schemas/constants.ts';
import { routeTree } from '../routeTree.gen.ts';
import { NotFound } from '../ui/NotFound.tsx';
import type { RouterContext } from './router-context.ts';
import { RouteError } from './RouteError.tsx';

export function createConsoleRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: consolePath,
    context,
    defaultNotFoundComponent: NotFound,
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  });
}

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ConsoleRouter;
  }
}
