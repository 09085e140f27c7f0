import { resolver, type DescribeRouteOptions } from 'hono-openapi';
import type { OpenAPIV3 } from 'openapi-types';
import * as z from 'zod/mini';
import { errorBodyGuard } from '#schemas/error.ts';
import { pagingQueryGuard, totalNumberHeader } from '#schemas/paging.ts';
import type { RouteDeclaration } from './route.ts';

type Guard = z.core.$ZodType;
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503;

const json = (schema: Guard) => ({ 'application/json': { schema: resolver(schema as never) } });
const errorResponses = (errors: Partial<Record<ErrorStatus, string[]>>) =>
  Object.fromEntries(Object.entries(errors).map(([status, codes]) => [status, { description: codes.join(', '), content: json(errorBodyGuard) }]));

/** The query parameters of a route, from the guard its query is parsed with. */
const queryParameters = (guard: z.ZodMiniObject) =>
  Object.entries(z.toJSONSchema(guard, { io: 'input', unrepresentable: 'any' }).properties ?? {}).map(([name, schema]) => ({
    in: 'query' as const,
    name,
    schema: schema as OpenAPIV3.SchemaObject,
  }));

const fileUpload = { type: 'object' as const, properties: { file: { type: 'string' as const, format: 'binary' } }, required: ['file'] };

/** The API document's operation of a declared route; its security comes from the route's access (describing). */
export const operationOf = ({ summary, query, body, file, response, status = response ? 200 : 204, list, errors = {} }: RouteDeclaration<unknown>): DescribeRouteOptions => {
  const headers = list ? { headers: { [totalNumberHeader]: { description: 'The number of all matching items.', schema: { type: 'integer' } } } } : {};
  const invalid = body || query || list ? { 400: ['guard.invalid_input', ...(errors[400] ?? [])] } : {};
  const queryGuard = list ? z.extend(pagingQueryGuard, query ?? {}) : query ? z.object(query) : undefined;
  return {
    summary,
    ...(queryGuard ? { parameters: queryParameters(queryGuard) } : {}),
    ...(body ? { requestBody: { required: true, content: json(body) } } : {}),
    ...(file ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: fileUpload } } } } : {}),
    responses: {
      ...errorResponses({ ...errors, ...invalid }),
      [status]: { description: summary, ...headers, ...(response ? { content: json(list ? z.array(response) : response) } : {}) },
    },
  };
};
