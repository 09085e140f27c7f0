import { Hono, type MiddlewareHandler } from 'hono';
import { describe, expect, test } from 'vitest';
import * as z from 'zod/mini';
import { HttpError, errorResponse } from '#server/api/errors.ts';
import { apiDocument, describing, securedBy } from '#server/api/openapi.ts';
import { routerOf } from '#server/api/route.ts';

const itemGuard = z.object({ name: z.string(), size: z.number() });

/** A management-like app whose access lets `read` in and describes the scope, as the kit's does. */
const appWith = (answer: unknown, status: 200 | 201 = 201) => {
  const app = new Hono();
  app.onError((error, c) => (error instanceof HttpError ? errorResponse(c, error) : c.json({ code: 'unknown', message: error.message }, 500)));
  const access = (scope: 'read' | 'write'): MiddlewareHandler =>
    describing(async (c, next) => (scope === 'read' ? next() : c.json({ code: 'auth.insufficient_scope' }, 403)), securedBy('management', scope));
  const routes = routerOf(app, access);
  routes.post('/items/:id', {
    scope: 'read',
    summary: 'Create an item.',
    query: { dryRun: z.optional(z.enum(['true', 'false'])) },
    body: z.object({ name: z.string().check(z.minLength(1)) }),
    response: itemGuard,
    status: 201,
    errors: ['entity.not_exists_with_id'],
  }, (c, { params, query, body }) => {
    if (answer instanceof HttpError) throw answer;
    return c.json(answer ?? { name: `${params.id}:${body.name}:${query.dryRun ?? 'no'}`, size: 1 }, status);
  });
  routes.get('/items', { scope: 'write', summary: 'List items.', response: itemGuard, list: true }, (c) => c.json([]));
  return app;
};

const post = (app: Hono, body: unknown, query = '') =>
  app.request(`/items/a${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('a declared route', () => {
  test('gives its handler the parsed path, query and body', async () => {
    const response = await post(appWith(undefined), { name: 'x' }, '?dryRun=true');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: 'a:x:true', size: 1 });
  });

  test('refuses a body or query its guards refuse, before the handler, with guard.invalid_input', async () => {
    const badBody = await post(appWith(undefined), { name: '' });
    expect(badBody.status).toBe(400);
    expect(await badBody.json()).toMatchObject({ code: 'guard.invalid_input', details: [{ path: 'name' }] });
    const badQuery = await post(appWith(undefined), { name: 'x' }, '?dryRun=maybe');
    expect(badQuery.status).toBe(400);
    expect(await badQuery.json()).toMatchObject({ code: 'guard.invalid_input', message: expect.stringContaining('query') });
  });

  test('runs its access first: the scope it declares', async () => {
    expect((await appWith(undefined).request('/items')).status).toBe(403);
  });

  test('under tests, fails an answer that is not the declared one: its body or its status', async () => {
    const wrongBody = await post(appWith({ name: 'x' }), { name: 'x' });
    expect(wrongBody.status).toBe(500);
    expect(((await wrongBody.json()) as { message: string }).message).toContain('does not match its declaration');
    const wrongStatus = await post(appWith(undefined, 200), { name: 'x' });
    expect(wrongStatus.status).toBe(500);
  });

  test('under tests, fails an error whose code it does not declare, and answers the declared ones', async () => {
    const declared = await post(appWith(new HttpError('entity.not_exists_with_id', 'No such item.')), { name: 'x' });
    expect({ status: declared.status, body: await declared.json() }).toEqual({ status: 404, body: { code: 'entity.not_exists_with_id', message: 'No such item.' } });
    const undeclared = await post(appWith(new HttpError('role.name_in_use', 'Taken.')), { name: 'x' });
    expect(undeclared.status).toBe(500);
    expect(((await undeclared.json()) as { message: string }).message).toContain('error role.name_in_use is not among its declared errors');
  });

  test('is described in the API document by the same declaration', async () => {
    const document = await apiDocument(appWith(undefined));
    const operation = document.paths?.['/items/{id}']?.post;
    expect(operation?.summary).toBe('Create an item.');
    expect(operation?.security).toEqual([{ management: ['read'] }]);
    expect(operation?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'query', name: 'dryRun' })]));
    expect(operation?.requestBody).toBeDefined();
    expect(Object.keys(operation?.responses ?? {}).sort()).toEqual(['201', '400', '401', '403', '404']);
    const list = document.paths?.['/items']?.get;
    expect(list?.security).toEqual([{ management: ['write'] }]);
    expect(list?.parameters?.map((parameter) => ('name' in parameter ? parameter.name : undefined))).toEqual(['page', 'page_size', 'q']);
  });

  test('a versioned one takes If-Match, answers its ETag, and under tests fails an answer without it', async () => {
    const app = new Hono();
    app.onError((error, c) => c.json({ code: 'unknown', message: error.message }, 500));
    const routes = routerOf(app, () => describing(async (_, next) => next(), securedBy('management', 'write')));
    const declaration = { scope: 'write', summary: 'Replace the item.', body: itemGuard, response: itemGuard, versioned: true } as const;
    routes.put('/item', declaration, (c, { body }) => {
      c.header('ETag', '"2"');
      return c.json(body);
    });
    routes.patch('/item', declaration, (c, { body }) => c.json(body));
    const send = (method: string) => app.request('/item', { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'a', size: 1 }) });
    expect((await send('PUT')).headers.get('etag')).toBe('"2"');
    const unversioned = await send('PATCH');
    expect({ status: unversioned.status, message: ((await unversioned.json()) as { message: string }).message }).toEqual({ status: 500, message: expect.stringContaining('no ETag header') });
    const operation = (await apiDocument(app)).paths?.['/item']?.put;
    expect(operation?.parameters).toEqual([expect.objectContaining({ in: 'header', name: 'If-Match' })]);
    expect(operation?.responses?.['200']).toMatchObject({ headers: { ETag: expect.any(Object) } });
  });
});
