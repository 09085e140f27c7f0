import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runtimeConfigGuard, runtimeConfigElementId } from '#schemas/config.ts';
import { defaultReleaseInfoUrl } from '#server/config.ts';
import { startTestServer, type TestServer } from './support.ts';

let consoleDir: string;
let server: TestServer;
let unbuilt: TestServer;

/** As the build writes it (vite.preload-manifest.ts): the applications list, and an application's pages. */
const preloadManifest = {
  firstScreenCatalog: 'first1',
  routes: [
    { segments: ['$tenantId', 'applications'], exact: true, files: ['assets/applications-a1.js', 'assets/shared-1-b2.js', 'assets/shared-1-c3.css'], catalog: 'apps1' },
    { segments: ['$tenantId', 'applications', '$id'], exact: false, files: ['assets/route-d4.js', 'assets/shared-1-b2.js'], catalog: '' },
  ],
};

const indexHtml = '<!doctype html><html><head><title>Console</title><script type="module" src="/console/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  consoleDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-console-'));
  await mkdir(path.join(consoleDir, 'assets'));
  await writeFile(path.join(consoleDir, 'index.html'), indexHtml);
  await writeFile(path.join(consoleDir, 'assets', 'index-abc123.js'), 'console.log("console");');
  await writeFile(path.join(consoleDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(consoleDir, 'preload.json'), JSON.stringify(preloadManifest));
  server = await startTestServer('self-hosted', { CONSOLE_DIR: consoleDir });
  unbuilt = await startTestServer('cloud', { CONSOLE_DIR: path.join(consoleDir, 'missing') });
});
afterAll(async () => {
  await server?.close();
  await unbuilt?.close();
  await rm(consoleDir, { recursive: true, force: true });
});

const runtimeConfigIn = (html: string) => {
  const match = new RegExp(`<script id="${runtimeConfigElementId}" type="application/json">(.*?)</script>`).exec(html);
  return runtimeConfigGuard.parse(JSON.parse(match?.[1] ?? 'null'));
};

describe('console serving', () => {
  test('/ redirects to /console', async () => {
    const response = await fetch(`${server.url}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/console');
  });

  test.each(['/console', '/console/', '/console/default/applications', '/console/callback?code=x'])(
    '%s serves index.html with the runtime config before </head>, never cached',
    async (route) => {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      const html = await response.text();
      expect(html).toMatch(/<\/script><\/head>/);
      expect(runtimeConfigIn(html)).toEqual({
        edition: 'self-hosted',
        endpoint: server.url,
        appId: 'admin-console',
        version: '1.24.0',
        releaseInfoUrl: defaultReleaseInfoUrl,
        isDevMode: false,
        devWebhookInbox: true,
      });
    },
  );

  test('hashed assets are cached for a long time; other files are revalidated', async () => {
    const asset = await fetch(`${server.url}/console/assets/index-abc123.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(await asset.text()).toBe('console.log("console");');
    const icon = await fetch(`${server.url}/console/favicon.svg`);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${server.url}/console/assets/missing.js`)).status).toBe(404);
  });

  test('paths cannot leave the console folder', async () => {
    const response = await fetch(`${server.url}/console/..%2f..%2fpackage.json`);
    expect(await response.text()).not.toContain('"name"');
  });

  test('without a build, /console says how to build it', async () => {
    const response = await fetch(`${unbuilt.url}/console/`);
    expect(response.status).toBe(503);
    expect(await response.text()).toBe('console not built: run npm run build');
  });

  test('GET /health', async () => {
    const response = await fetch(`${server.url}/health`);
    expect(await response.json()).toEqual({ status: 'ok' });
  });
});

describe("the page names what its URL's first screen loads beside the entry", () => {
  const linksIn = (html: string) => [...html.matchAll(/<link rel="(modulepreload|preload)"(?: as="style" crossorigin)? href="([^"]+)">/g)].map(([, rel, href]) => `${rel} ${href}`);

  test("a page's code, its CSS and its catalog, with the first screen's catalog, in the language the browser asks for", async () => {
    const html = await (await fetch(`${server.url}/console/default/applications`, { headers: { 'accept-language': 'de-AT,de;q=0.9' } })).text();
    expect(linksIn(html)).toEqual([
      'modulepreload /console/assets/messages-first1-de.js',
      'modulepreload /console/assets/applications-a1.js',
      'modulepreload /console/assets/shared-1-b2.js',
      'preload /console/assets/shared-1-c3.css',
      'modulepreload /console/assets/messages-apps1-de.js',
    ]);
  });

  test('each route the URL matches, and none it does not', async () => {
    const html = await (await fetch(`${server.url}/console/default/applications/app1/settings`)).text();
    expect(linksIn(html)).toEqual(['modulepreload /console/assets/messages-first1-en.js', 'modulepreload /console/assets/route-d4.js', 'modulepreload /console/assets/shared-1-b2.js']);
    expect(linksIn(await (await fetch(`${server.url}/console/default/users`)).text())).toEqual(['modulepreload /console/assets/messages-first1-en.js']);
  });
});
