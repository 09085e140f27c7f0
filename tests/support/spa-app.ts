import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { build } from 'rolldown';

const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test SPA</title></head>
<body><h1>Test SPA</h1><button id="sign-in">Sign in</button> <button id="register">Register</button>
<output data-status="loading">loading</output><script type="module" src="/app.js"></script></body></html>`;

/** Bundles the test SPA (tests/support/spa/app.ts) with @logto/browser, once per run. */
let bundled: Promise<string> | undefined;
const bundle = () =>
  (bundled ??= build({ input: path.join(import.meta.dirname, 'spa/app.ts'), write: false, platform: 'browser' }).then(
    ({ output }) => output[0].code,
  ));

export type SpaApp = { origin: string; redirectUri: string; url: (query: Record<string, string>) => string; stop: () => Promise<void> };

/** Serves the test SPA on a loopback port of its own: a real origin apart from the server's, as an app would have. */
export const startSpaApp = async (): Promise<SpaApp> => {
  const code = await bundle();
  const server: Server = createServer((request, response) => {
    const isScript = request.url === '/app.js';
    response.writeHead(200, { 'content-type': isScript ? 'text/javascript' : 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(isScript ? code : page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    origin,
    redirectUri: `${origin}/callback`,
    url: (query) => `${origin}/?${new URLSearchParams(query)}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
};
