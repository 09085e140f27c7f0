import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context } from 'hono';
import { consolePath, productVersion, adminConsoleAppId } from '../schemas/constants.ts';
import { runtimeConfigElementId, type RuntimeConfig } from '../schemas/config.ts';
import type { ServerConfig } from './config.ts';
import { compressibleExtensions, encodings, encodingSuffix, negotiateEncoding, varyOnEncoding } from './compression.ts';
import { preloadManifestFile, preloadsOf, readPreloadManifest } from './console-preload.ts';
import { pickLocale } from './pages/messages.ts';

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** What this server serves beside its settings: the dev webhook inbox (no SMTP_URL). */
export type ConsoleServes = { devWebhookInbox: boolean };

export const runtimeConfigOf = (config: ServerConfig, { devWebhookInbox }: ConsoleServes): RuntimeConfig => ({
  edition: config.edition,
  endpoint: config.publicUrl,
  appId: adminConsoleAppId,
  version: productVersion,
  releaseInfoUrl: config.releaseInfoUrl,
  isDevMode: config.isDevMode,
  devWebhookInbox,
});

/** JSON inside <script> must not be able to close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replaceAll('<', '\\u003c');

const consoleSecurityHeaders = (config: ServerConfig) => {
  const releaseOrigin = URL.parse(config.releaseInfoUrl)?.origin;
  return {
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      `connect-src 'self'${releaseOrigin && releaseOrigin !== 'null' ? ` ${releaseOrigin}` : ''}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
      "form-action 'self'",
    ].join('; '),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
};

const fileExists = (file: string) => stat(file).then((info) => info.isFile(), () => false);

/** A built file, as the precompressed variant the client accepts (see vite.compress.ts) when there is one. */
const sendFile = async (c: Context, file: string, cacheControl: string) => {
  const extension = path.extname(file).toLowerCase();
  const compressible = compressibleExtensions.includes(extension);
  const present = compressible ? await Promise.all(encodings.map((encoding) => fileExists(`${file}${encodingSuffix[encoding]}`))) : [];
  const encoding = negotiateEncoding(c.req.header('Accept-Encoding'), encodings.filter((_, index) => present[index]));
  const body = await readFile(encoding ? `${file}${encodingSuffix[encoding]}` : file);
  const headers = new Headers({
    'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
    'Content-Length': String(body.length),
    'Cache-Control': cacheControl,
  });
  if (encoding) headers.set('Content-Encoding', encoding);
  if (compressible) varyOnEncoding(headers);
  return c.body(body, 200, Object.fromEntries(headers));
};

/** Serves the built console at /console with the runtime config injected, so one build serves both editions. */
export const consoleRoutes = (config: ServerConfig, serves: ConsoleServes) => {
  const app = new Hono();
  const root = config.consoleDir;
  const securityHeaders = consoleSecurityHeaders(config);
  const configScript = `<script id="${runtimeConfigElementId}" type="application/json">${scriptSafeJson(runtimeConfigOf(config, serves))}</script>`;

  const notBuilt = (c: Context) =>
    c.text('console not built: run npm run build', 503, { 'Cache-Control': 'no-store' });

  /** Links that have the browser fetch what this URL's first screen needs while it loads the entry. */
  const preloadLinks = async (c: Context, relative: string) => {
    const manifest = readPreloadManifest(await readFile(path.join(root, preloadManifestFile), 'utf8').catch(() => undefined));
    if (!manifest) return '';
    const locale = pickLocale(undefined, c.req.header('accept-language'));
    return preloadsOf(manifest, relative, locale)
      .map((file) => `${consolePath}/${file}`)
      .map((href) => (href.endsWith('.css') ? `<link rel="preload" as="style" crossorigin href="${href}">` : `<link rel="modulepreload" href="${href}">`))
      .join('');
  };

  const sendIndex = async (c: Context, relative: string) => {
    const index = await readFile(path.join(root, 'index.html'), 'utf8').catch(() => undefined);
    if (index === undefined) return notBuilt(c);
    const head = `${await preloadLinks(c, relative)}${configScript}`;
    const body = index.includes('</head>') ? index.replace('</head>', `${head}</head>`) : `${head}${index}`;
    // Built per request with the runtime config; a cached copy would outlive a change of settings or build.
    return c.html(body, 200, { ...securityHeaders, 'Cache-Control': 'no-store' });
  };

  app.get('/*', async (c) => {
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.replace(/^\/console\/?/, ''));
    } catch {
      return c.text('Bad request', 400);
    }
    const file = path.resolve(root, relative);
    if (relative && relative !== 'index.html' && file.startsWith(`${root}${path.sep}`)) {
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile()) {
        return sendFile(c, file, relative.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
      if (relative.startsWith('assets/')) return c.text('Not found', 404);
    }
    return sendIndex(c, relative);
  });

  return app;
};
