import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Edition } from '#schemas/config.ts';
import { startTestServer, type TestServer } from './support.ts';

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
};
type Document = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
};

const isApiPath = (path: string) => ['/api/', '/m/', '/me/'].some((prefix) => path.startsWith(prefix)) || path === '/me';
/** Hono's `:name` (with an optional pattern) as OpenAPI's `{name}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{[^/]*\})?/g, '{$1}');

/** Every `$ref` anywhere in `value`. */
const refsIn = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(refsIn)
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, item]) => (key === '$ref' && typeof item === 'string' ? [item] : refsIn(item)))
      : [];

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

describe.each<[Edition, string]>([
  ['cloud', '/m/{tenantId}/api'],
  ['self-hosted', '/api'],
])('the API document (%s)', (edition, managementPath) => {
  let server: TestServer;
  let document: Document;

  beforeAll(async () => {
    server = await startTestServer(edition);
    const response = await fetch(`${server.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as Document;
  });
  afterAll(() => server?.close());

  // A route's access alone (its security) puts it in the document, without a summary: that is not described.
  test('describes every route of the cloud, Me and management APIs', () => {
    const routes = server.routes.filter(({ method, path }) => method !== 'ALL' && isApiPath(path));
    expect(routes.length).toBeGreaterThan(30);
    const missing = [...new Set(routes.map(({ method, path }) => `${method} ${openApiPath(path)}`))].filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      return !document.paths[path]?.[method.toLowerCase()]?.summary;
    });
    expect(missing).toEqual([]);
  });

  test('documents only routes that exist: every operation is a registered route of its method and path', () => {
    const registered = new Set(server.routes.map(({ method, path }) => `${method.toLowerCase()} ${openApiPath(path)}`));
    const unknown = operationsOf(document)
      .map(({ path, method }) => `${method} ${path}`)
      .filter((operation) => !registered.has(operation));
    expect(operationsOf(document).length).toBeGreaterThan(30);
    expect(unknown).toEqual([]);
  });

  test('is an OpenAPI 3.1 document whose operations answer and whose references resolve', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toEqual(expect.objectContaining({ title: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+$/) }));
    const operations = operationsOf(document);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of operations) {
      expect(['get', 'put', 'post', 'patch', 'delete'], `${method} ${path}`).toContain(method);
      expect(operation.summary, `${method} ${path}`).toBeTruthy();
      expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
      for (const requirement of operation.security ?? []) {
        for (const scheme of Object.keys(requirement)) expect(document.components.securitySchemes).toHaveProperty(scheme);
      }
    }
    const refs = refsIn(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const [, kind, name] = /^#\/components\/(\w+)\/(.+)$/.exec(ref) ?? [];
      expect((document.components as Record<string, Record<string, unknown> | undefined>)[kind ?? '']?.[name ?? ''], ref).toBeDefined();
    }
  });

  test('gives each management route the scope it declares, at the path of this edition', () => {
    const security = (path: string, method: string) => document.paths[`${managementPath}${path}`]?.[method]?.security;
    expect(security('/resources', 'get')).toEqual([{ management: ['read:data'] }]);
    expect(security('/resources', 'post')).toEqual([{ management: ['write:data'] }]);
    expect(security('/resources/{id}/scopes/{scopeId}', 'delete')).toEqual([{ management: ['delete:data'] }]);
    expect(security('/configs/admin-console', 'patch')).toEqual([{ management: ['write:data'] }]);
    expect(document.paths['/me']?.get?.security).toEqual([{ me: ['all'] }]);
    expect(document.paths['/api/tenants']?.get?.security).toEqual([{ cloud: [] }]);
  });

  test('the reference page lists every operation, grouped by API', async () => {
    const response = await fetch(`${server.url}/api/reference`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const page = await response.text();
    for (const tag of ['Cloud API', 'Me API', 'Management API']) expect(page).toContain(`>${tag}</h2>`);
    for (const { path, method } of operationsOf(document)) {
      expect(page).toContain(`<code>${method.toUpperCase()}</code> <code>${path}</code>`);
    }
  });
});
