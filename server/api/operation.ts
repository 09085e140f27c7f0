import { resolver, type DescribeRouteOptions } from 'hono-openapi';
import type { OpenAPIV3 } from 'openapi-types';
import * as z from 'zod/mini';
import { errorStatuses, type ErrorCode } from '#schemas/error-codes.ts';
import { errorBodyGuard } from '#schemas/error.ts';
import { pagingQueryGuard, totalNumberHeader } from '#schemas/paging.ts';
import { etagHeader } from './etag.ts';
import type { RouteDeclaration } from './route.ts';

type Guard = z.core.$ZodType;

const json = (schema: Guard) => ({ 'application/json': { schema: resolver(schema as never) } });
/** One error response per status, its description the codes answered with it (their status from the table). */
const errorResponses = (codes: readonly ErrorCode[]) => {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(errorStatuses[code], [...(byStatus.get(errorStatuses[code]) ?? []), code]);
  return Object.fromEntries([...byStatus].map(([status, grouped]) => [status, { description: grouped.join(', '), content: json(errorBodyGuard) }]));
};

/** The query parameters of a route, from the guard its query is parsed with. */
const queryParameters = (guard: z.ZodMiniObject) =>
  Object.entries(z.toJSONSchema(guard, { io: 'input', unrepresentable: 'any' }).properties ?? {}).map(([name, schema]) => ({
    in: 'query' as const,
    name,
    schema: schema as OpenAPIV3.SchemaObject,
  }));

const ifMatchParameter = {
  in: 'header' as const,
  name: 'If-Match',
  description: 'The ETag of the version this write changes: another version is stored now, and the write is refused.',
  schema: { type: 'string' as const },
};

const fileUpload = { type: 'object' as const, properties: { file: { type: 'string' as const, format: 'binary' } }, required: ['file'] };

/**
 * The error codes a route may answer: its declared ones, and those of reading what it declares (a JSON body that is not
 * JSON or not what its guard asks, a query its guard refuses).
 */
export const declaredErrors = ({ query, body, list, errors = [] }: RouteDeclaration<unknown>): ErrorCode[] => [
  ...(body || query || list ? (['guard.invalid_input'] as const) : []),
  ...(body ? (['guard.invalid_json', 'guard.invalid_content_type'] as const) : []),
  ...errors,
];

/** The API document's operation of a declared route; its security comes from the route's access (describing). */
export const operationOf = (declaration: RouteDeclaration<unknown>): DescribeRouteOptions => {
  const { summary, query, body, file, response, status = response ? 200 : 204, alsoStatus, list, versioned } = declaration;
  const headers = {
    ...(list ? { [totalNumberHeader]: { description: 'The number of all matching items.', schema: { type: 'integer' } } } : {}),
    ...(versioned ? { [etagHeader]: { description: 'The version of the answer, for If-Match.', schema: { type: 'string' } } } : {}),
  };
  const queryGuard = list ? z.extend(pagingQueryGuard, query ?? {}) : query ? z.object(query) : undefined;
  const parameters = [
    ...(queryGuard ? queryParameters(queryGuard) : []),
    ...(versioned && body ? [ifMatchParameter] : []),
  ];
  const success = { description: summary, ...(Object.keys(headers).length > 0 ? { headers } : {}), ...(response ? { content: json(list ? z.array(response) : response) } : {}) };
  return {
    summary,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: { required: true, content: json(body) } } : {}),
    ...(file ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: fileUpload } } } } : {}),
    responses: {
      ...errorResponses(declaredErrors(declaration)),
      [status]: success,
      ...(alsoStatus ? { [alsoStatus]: success } : {}),
    },
  };
};
