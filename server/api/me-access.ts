import type { MiddlewareHandler } from 'hono';
import type { allScope } from '#schemas/constants.ts';
import { assertScope, type AuthEnv } from './auth.ts';
import { describing, securedBy } from './openapi.ts';

/** The access of a Me API route: the scope it declares, in the token its app's token guard checked. */
export const meAccess = (scope: typeof allScope): MiddlewareHandler<AuthEnv> =>
  describing(async (c, next) => {
    assertScope(c.get('auth'), scope);
    await next();
  }, securedBy('me', scope));
