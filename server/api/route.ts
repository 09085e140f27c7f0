import type { Context, Env, Hono, MiddlewareHandler } from 'hono';
import type { ParamKeys } from 'hono/types';
import * as z from 'zod/mini';
import { readJson, type HttpError } from './errors.ts';
import { describing } from './openapi.ts';
import type { ErrorCode } from '#schemas/error-codes.ts';
import { operationOf } from './operation.ts';
import { checkAnswer, checkError } from './route-answer.ts';
import { queryReader, type Page } from './route-query.ts';

type Guard = z.core.$ZodType;
type Shape = z.core.$ZodLooseShape;

/**
 * One route's whole shape, written once: the scope its access requires, what it reads (query, body) and what it
 * answers. The route parses the request by it, the API document describes the route by it, and under tests every
 * answer is checked against it (route-answer.ts).
 */
export type RouteDeclaration<Scope> = {
  summary: string;
  /** What the caller must hold; the router's access turns it into the route's first middleware. */
  scope: Scope;
  /** The query parameters; with `list`, the list's own filters beside the page, page_size and q of every list. */
  query?: Shape;
  /** The JSON request body. */
  body?: Guard;
  /** Instead of a JSON body, one file in the multipart/form-data field `file`, which the handler reads. */
  file?: boolean;
  /** The answer: a JSON body of this guard (a page of them, with `list`) with `status`, or no content (204; 202: accepted, done later). */
  response?: Guard;
  status?: 200 | 201 | 202 | 204;
  /** A page of `response` items, with the number of all of them in the Total-Number header. */
  list?: boolean;
  /**
   * The answer names the version of what it answers in its ETag header (etag.ts), and a write goes ahead only while
   * the version its If-Match names is the stored one; the handler sets the one and checks the other.
   */
  versioned?: boolean;
  /** The codes of the errors beside the generic ones (invalid input, token, scope); their status comes from the table. */
  errors?: readonly ErrorCode[];
  /** An error to answer instead of guard.invalid_input when the body or query does not match its guard. */
  refuse?: { body?: (raw: unknown) => HttpError | undefined; query?: (raw: Record<string, string>) => HttpError | undefined };
};

type Output<G> = G extends Guard ? z.output<G> : undefined;
type QueryOf<D> = D extends { list: true }
  ? Page & { filters: D extends { query: infer S extends Shape } ? z.output<z.ZodMiniObject<S>> : Record<string, never> }
  : D extends { query: infer S extends Shape }
    ? z.output<z.ZodMiniObject<S>>
    : undefined;

/** What a handler gets, parsed by its declaration. */
export type RouteInput<Path extends string, D> = {
  params: Record<ParamKeys<Path> & string, string>;
  query: QueryOf<D>;
  body: D extends { body: infer G } ? Output<G> : undefined;
};

type Handler<E extends Env, Path extends string, D> = (c: Context<E, Path>, input: RouteInput<Path, D>) => Response | Promise<Response>;

const readBody = async (c: Context, guard: Guard, refuse?: (raw: unknown) => HttpError | undefined) => {
  try {
    return await readJson(c, guard);
  } catch (error) {
    const refused = refuse?.(await c.req.json().catch(() => undefined));
    throw refused ?? error;
  }
};

const methods = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' } as const;

/**
 * The routes of `app`, each declared once (RouteDeclaration): `access(scope)` is the middleware that checks the
 * caller holds the route's scope and describes it in the API document.
 */
export const routerOf = <E extends Env, Scope>(app: Hono<E>, access: (scope: Scope) => MiddlewareHandler<E>) => {
  const on =
    (method: (typeof methods)[keyof typeof methods]) =>
    <Path extends string, const D extends RouteDeclaration<Scope>>(path: Path, declaration: D, handler: Handler<E, Path, D>) => {
      const { query, list, body, refuse } = declaration;
      const readQuery = queryReader(query, list, refuse?.query);
      const name = `${method} ${path}`;
      const route = async (c: Context<E, Path>) => {
        try {
          const input = {
            params: c.req.param(),
            query: readQuery?.(c),
            body: body ? await readBody(c, body, refuse?.body) : undefined,
          } as unknown as RouteInput<Path, D>;
          return await checkAnswer(name, declaration, await handler(c, input));
        } catch (error) {
          throw checkError(name, declaration, error);
        }
      };
      app.on(method, path, access(declaration.scope), describing(route as MiddlewareHandler<E>, operationOf(declaration)));
    };
  return { get: on(methods.get), post: on(methods.post), put: on(methods.put), patch: on(methods.patch), delete: on(methods.delete) };
};
