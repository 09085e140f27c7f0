// @vitest-environment node
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { i18n } from '@lingui/core';
import { messages } from '../../locales/en/messages.po';
import { resourceIndicators } from '#schemas/constants.ts';
import type { Edition } from '#schemas/config.ts';
import { createApiClient } from '#src/api/client.ts';
import { ApiError, detailsText, wasReported } from '#src/api/errors.ts';
import { withAccountApis } from '../support/console-api.ts';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;
type Seen = { method: string; url: string; authorization?: string; language?: string };

let server: Server;
let baseUrl: string;
let handler: Handler;
let seen: Seen[];

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
};

beforeAll(async () => {
  i18n.loadAndActivate({ locale: 'en', messages });
  server = createServer((request, response) => {
    seen.push({
      method: request.method ?? '',
      url: request.url ?? '',
      authorization: request.headers.authorization,
      language: request.headers['accept-language'],
    });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let toasts: { message: string; details?: string }[];
let alerts: string[];
let events: string[];

beforeEach(() => {
  seen = [];
  toasts = [];
  alerts = [];
  events = [];
});

const refusedGrant = Object.assign(new Error('Grant request is invalid'), { code: 'invalid_grant' });

function client(edition: Edition = 'cloud', { failTokens, failOrganizationTokens }: { failTokens?: Error; failOrganizationTokens?: Error } = {}) {
  return withAccountApis(createApiClient({
    config: { edition, endpoint: baseUrl, appId: 'admin-console', version: '1.24.0', releaseInfoUrl: '', isDevMode: false },
    tokens: async () => ({
      getAccessToken: async (resource) => {
        if (failTokens) throw failTokens;
        return `resource-token:${resource}`;
      },
      getOrganizationToken: async (organizationId) => {
        if (failOrganizationTokens ?? failTokens) throw failOrganizationTokens ?? failTokens;
        return `organization-token:${organizationId}`;
      },
    }),
    feedback: {
      toastError: (message, details) => toasts.push({ message, details }),
      alert: async (message) => {
        alerts.push(message);
        events.push('alert');
      },
    },
    session: { authError: () => events.push('authError'), signOut: () => events.push('signOut') },
    language: () => 'de',
    retry: { delay: () => 0 },
  }));
}

const me = { id: 'u1', username: 'ada', primaryEmail: null, primaryPhone: null, name: 'Ada', avatar: null, hasPassword: true, identities: {}, customData: {} };

describe('tokens, headers and paths', () => {
  test('the Me API is called with its resource token and the current language', async () => {
    handler = (_, response) => json(response, 200, me);
    await expect(client().me.get()).resolves.toEqual(me);
    expect(seen).toEqual([{ method: 'GET', url: '/me', authorization: `Bearer resource-token:${resourceIndicators.me}`, language: 'de' }]);
  });

  test('cloud: tenant APIs go to /m/{tenantId} with the organization token of t-{tenantId}', async () => {
    handler = (_, response) => json(response, 200, []);
    await client('cloud').tenant('abc').request('GET', '/api/applications');
    expect(seen[0]).toMatchObject({ url: '/m/abc/api/applications', authorization: 'Bearer organization-token:t-abc' });
  });

  test("self-hosted: tenant APIs go to /api with the default tenant's management API token", async () => {
    handler = (_, response) => json(response, 200, []);
    await client('self-hosted').tenant('default').request('GET', '/api/applications');
    expect(seen[0]).toMatchObject({
      url: '/api/applications',
      authorization: `Bearer resource-token:${resourceIndicators.management('default')}`,
    });
  });
});

describe('paged lists', () => {
  test('return the items and the Total-Number header', async () => {
    handler = (_, response) => json(response, 200, [{ id: 'a' }], { 'Total-Number': '31' });
    const page = await client().tenant('abc').getPage('/api/users', { page: 2, pageSize: 20 });
    expect(page).toEqual({ items: [{ id: 'a' }], total: 31 });
    expect(seen[0]?.url).toBe('/m/abc/api/users?page=2&page_size=20');
  });

  test('mark a total the server stopped counting at (Total-Number-Is-Capped)', async () => {
    handler = (_, response) => json(response, 200, [{ id: 'a' }], { 'Total-Number': '10000', 'Total-Number-Is-Capped': 'true' });
    const page = await client().tenant('abc').getPage('/api/users', { page: 1, pageSize: 20, query: { q: 'a' } });
    expect(page).toEqual({ items: [{ id: 'a' }], total: 10_000, capped: true });
  });

  test("fail with 'missing total number' without the header", async () => {
    handler = (_, response) => json(response, 200, []);
    await expect(client().tenant('abc').getPage('/api/users', { page: 1, pageSize: 20 })).rejects.toThrow('missing total number');
  });
});

describe('retries', () => {
  test('reads are retried twice on server errors', async () => {
    let calls = 0;
    handler = (_, response) => (++calls < 3 ? json(response, 503, { message: 'busy' }) : json(response, 200, me));
    await expect(client().me.get()).resolves.toEqual(me);
    expect(seen).toHaveLength(3);
    expect(toasts).toEqual([]);
  });

  test.each([401, 403])('reads are not retried on %i', async (status) => {
    handler = (_, response) => json(response, status, { code: 'auth.unauthorized', message: 'No.' });
    await expect(client().me.get()).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });

  test('writes are sent once', async () => {
    handler = (_, response) => json(response, 500, { message: 'Broken.' });
    await expect(client().me.patchCustomData({})).rejects.toThrow('Broken.');
    expect(seen).toHaveLength(1);
  });
});

describe('the error catalogue', () => {
  test('an error body shows a toast with its message and details; the caller gets the code', async () => {
    handler = (_, response) => json(response, 422, { code: 'user.invalid', message: 'Invalid user.', details: 'name is empty' });
    const error = await client().me.patchCustomData({}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'user.invalid', message: 'Invalid user.' });
    expect(toasts).toEqual([{ message: 'Invalid user.', details: 'name is empty' }]);
  });

  test('the details are lines of text: a list of problems as "path: message", an object by key; never a JSON dump', async () => {
    const issues = [
      { path: 'username', code: 'invalid_format', message: 'A username starts with a letter.' },
      { path: '', code: 'custom', message: 'Give exactly one field.' },
    ];
    handler = (_, response) => json(response, 400, { code: 'guard.invalid_input', message: 'The request body is invalid.', details: issues });
    await client().me.patchCustomData({}).catch(() => {});
    expect(toasts).toEqual([{ message: 'The request body is invalid.', details: 'username: A username starts with a letter.\nGive exactly one field.' }]);
    expect(detailsText({ maxBodySize: 65_536, tenants: [{ tenantId: 'a' }] })).toBe('maxBodySize: 65536\ntenants: [{"tenantId":"a"}]');
    expect(detailsText(null)).toBeUndefined();
  });

  test('callers can suppress the toast for codes they handle', async () => {
    handler = (_, response) => json(response, 409, { code: 'tenant.last_admin', message: 'Exists.' });
    await expect(client().profile.updateMe({ name: 'Ada' }, { suppressErrorCodes: ['tenant.last_admin'] })).rejects.toThrow('Exists.');
    expect(toasts).toEqual([]);
  });

  test('a failed read never toasts, and a management write leaves its toast to the kit; both still go through the catalogue', async () => {
    handler = (_, response) => json(response, 500, { message: 'Broken.' });
    await expect(client().me.get()).rejects.toThrow('Broken.');
    await expect(client().tenant('abc').request('GET', '/api/things')).rejects.toThrow('Broken.');
    const write = await client().tenant('abc').request('POST', '/api/things').catch((error: unknown) => error);
    expect(wasReported(write)).toBe(false);
    expect(toasts).toEqual([]);
    handler = (_, response) => json(response, 401, { code: 'auth.unauthorized', message: 'Unauthorized.' });
    const unauthorized = await client().tenant('abc').request('POST', '/api/things').catch((error: unknown) => error);
    expect(events).toEqual(['authError']);
    expect(wasReported(unauthorized)).toBe(true);
  });

  test('callers that show failures themselves hide every error toast; 401 still signs in again', async () => {
    handler = (_, response) => json(response, 500, { message: 'Broken.' });
    await expect(client().profile.updateMe({ name: 'Ada' }, { hideErrorToast: true })).rejects.toThrow('Broken.');
    handler = (_, response) => response.destroy();
    await expect(client().profile.updateMe({ name: 'Ada' }, { hideErrorToast: true })).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
    handler = (_, response) => json(response, 401, { code: 'auth.unauthorized', message: 'Unauthorized.' });
    await expect(client().profile.updateMe({ name: 'Ada' }, { hideErrorToast: true })).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual(['authError']);
  });

  test('401 asks the session to sign in again, without a toast', async () => {
    handler = (_, response) => json(response, 401, { code: 'auth.unauthorized', message: 'Unauthorized.' });
    await expect(client().me.get()).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual(['authError']);
    expect(toasts).toEqual([]);
  });

  test('a token that cannot be had (invalid_grant) is a 401 too', async () => {
    handler = (_, response) => json(response, 200, me);
    await expect(client('cloud', { failTokens: refusedGrant }).me.get()).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([]);
    expect(events).toEqual(['authError']);
  });

  test("a tenant's organization token refused while signed in (no longer a member) is a 403, not a new sign-in", async () => {
    handler = (_, response) => json(response, 200, []);
    const failure = await client('cloud', { failOrganizationTokens: refusedGrant }).tenant('acme').request('GET', '/api/roles').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 403 });
    expect(seen).toEqual([]);
    expect(events).toEqual([]);
  });

  test('an organization token refused with the sign-in gone too is a 401', async () => {
    handler = (_, response) => json(response, 200, []);
    await expect(client('cloud', { failTokens: refusedGrant }).tenant('acme').request('GET', '/api/roles')).rejects.toMatchObject({ status: 401 });
    expect(events).toEqual(['authError']);
  });

  test('a token that could not be had for now (refresh aborted or failed) fails the request without a new sign-in', async () => {
    handler = (_, response) => json(response, 200, me);
    const failure = await client('cloud', { failTokens: new TypeError('Failed to fetch') }).me.patchCustomData({}).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: undefined, message: 'Failed to fetch' });
    expect(seen).toEqual([]);
    expect(events).toEqual([]);
    expect(toasts).toEqual([{ message: 'Failed to fetch', details: undefined }]);
  });

  test("403 'Insufficient permissions.' signs the user out", async () => {
    handler = (_, response) => json(response, 403, { code: 'auth.insufficient_scope', message: 'Insufficient permissions.' });
    await expect(client().me.get()).rejects.toMatchObject({ status: 403 });
    expect(events).toEqual(['signOut']);
    expect(toasts).toEqual([]);
  });

  test('auth.forbidden shows an alert with the message, then signs out', async () => {
    handler = (_, response) => json(response, 403, { code: 'auth.forbidden', message: 'Your account is suspended.' });
    await expect(client().me.get()).rejects.toMatchObject({ code: 'auth.forbidden' });
    expect(alerts).toEqual(['Your account is suspended.']);
    expect(events).toEqual(['alert', 'signOut']);
  });

  test('an unreadable body falls back to the status name, else to unknown server error', async () => {
    handler = (_, response) => {
      response.writeHead(502, { 'Content-Type': 'text/html' });
      response.end('<h1>upstream down</h1>');
    };
    await expect(client().me.patchCustomData({})).rejects.toThrow('Bad gateway');
    handler = (_, response) => {
      response.writeHead(418, { 'Content-Type': 'text/plain' });
      response.end('teapot');
    };
    await expect(client().me.patchCustomData({})).rejects.toThrow('unknown server error');
    expect(toasts.map(({ message }) => message)).toEqual(['Bad gateway', 'unknown server error']);
  });
});
