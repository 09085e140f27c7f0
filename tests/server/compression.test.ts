import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { answerCompressionThreshold } from '#server/compression.ts';
import { precompressedAssets } from '../../vite.compress.ts';
import { signUpUser, startTestServer, type TestServer } from './support.ts';

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET that shows the bytes as they travel: node:http neither asks for nor decodes any encoding by itself. */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Answer>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject).end();
  });

const decode = (answer: Answer) => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  expect(encoding).toBeUndefined();
  return answer.body;
};

const words = ['tenant', 'sign-in', 'console', 'resource', 'organization', 'webhook', 'role', 'connector', 'token', 'audit'];
/** Text that compresses as code does: repeated words, never a long run. */
const prose = (count: number) => Array.from({ length: count }, (_, index) => `${words[(index * 7) % words.length]} ${index}`).join(' ');

let workDir: string;
let consoleDir: string;
let server: TestServer;

/** A small console build by Vite with the precompression plugin: a JS chunk, a CSS file and public files. */
const buildFixture = async () => {
  const root = path.join(workDir, 'app');
  await mkdir(path.join(root, 'public'), { recursive: true });
  await writeFile(
    path.join(root, 'index.html'),
    `<!doctype html><html><head><title>Fixture</title><meta name="description" content="${prose(200)}"></head>`
      + '<body><div id="root"></div><script type="module" src="/main.js"></script></body></html>',
  );
  await writeFile(path.join(root, 'main.js'), `import './style.css';\ndocument.getElementById('root').textContent = ${JSON.stringify(prose(3000))};\n`);
  await writeFile(path.join(root, 'style.css'), Array.from({ length: 300 }, (_, index) => `.c${index} { margin: ${index}px; }`).join('\n'));
  await writeFile(path.join(root, 'public', 'robots.txt'), 'x');
  await writeFile(path.join(root, 'public', 'logo.png'), randomBytes(4096));
  await build({
    root,
    base: '/console/',
    configFile: false,
    logLevel: 'silent',
    plugins: [precompressedAssets()],
    build: { outDir: consoleDir, emptyOutDir: true },
  });
};

const builtFiles = async () => (await readdir(consoleDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(consoleDir, path.join(entry.parentPath, entry.name)))
  .sort();

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-compression-'));
  consoleDir = path.join(workDir, 'console');
  await buildFixture();
  server = await startTestServer('cloud', { CONSOLE_DIR: consoleDir });
});
afterAll(async () => {
  await server?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('the build writes precompressed variants', () => {
  test('.br and .gz next to each text file that shrinks; none for images or tiny files', async () => {
    const files = await builtFiles();
    const script = files.find((file) => /^assets\/index-[\w-]+\.js$/.test(file))!;
    const style = files.find((file) => /^assets\/index-[\w-]+\.css$/.test(file))!;
    expect(files).toEqual([
      script, `${script}.br`, `${script}.gz`, style, `${style}.br`, `${style}.gz`,
      'index.html', 'index.html.br', 'index.html.gz', 'logo.png', 'robots.txt',
    ].sort());
    for (const file of [script, style, 'index.html']) {
      const original = await readFile(path.join(consoleDir, file));
      const br = await readFile(path.join(consoleDir, `${file}.br`));
      const gz = await readFile(path.join(consoleDir, `${file}.gz`));
      expect(brotliDecompressSync(br).equals(original)).toBe(true);
      expect(gunzipSync(gz).equals(original)).toBe(true);
      expect(br.length).toBeLessThan(gz.length);
      expect(gz.length).toBeLessThan(original.length / 2);
    }
  });
});

describe('console files follow Accept-Encoding', () => {
  const scriptPath = async () => (await builtFiles()).find((file) => /^assets\/index-[\w-]+\.js$/.test(file))!;

  test.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['gzip;q=0, br;q=0', undefined],
    ['*;q=0', undefined],
    ['identity', undefined],
    ['', undefined],
  ])('a hashed script asked with Accept-Encoding "%s" comes as %s', async (accept, expected) => {
    const script = await scriptPath();
    const answer = await get(`${server.url}/console/${script}`, accept ? { 'accept-encoding': accept } : {});
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(expected);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(decode(answer).equals(await readFile(path.join(consoleDir, script)))).toBe(true);
  });

  test('a file without variants comes as it is, still with Vary; images have no Vary', async () => {
    const robots = await get(`${server.url}/console/robots.txt`, { 'accept-encoding': 'br, gzip' });
    expect(robots.headers).toMatchObject({ vary: 'Accept-Encoding', 'cache-control': 'no-cache', 'content-length': '1' });
    expect(robots.headers['content-encoding']).toBeUndefined();
    expect(robots.body.toString()).toBe('x');
    const logo = await get(`${server.url}/console/logo.png`, { 'accept-encoding': 'br, gzip' });
    expect(logo.headers['content-encoding']).toBeUndefined();
    expect(logo.headers.vary).toBeUndefined();
    expect(logo.body.length).toBe(4096);
  });

  test.each(['/console/', '/console/default/applications'])('%s (index.html with the runtime config) is compressed and never cached', async (route) => {
    for (const [accept, encoding] of [['br, gzip', 'br'], ['gzip', 'gzip'], ['', undefined]] as const) {
      const answer = await get(`${server.url}${route}`, accept ? { 'accept-encoding': accept } : {});
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toBe('Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(decode(answer).toString()).toContain(`"endpoint":"${server.url}"`);
    }
  });
});

describe('JSON answers', () => {
  test(`are compressed from ${answerCompressionThreshold} bytes on, as the client accepts`, async () => {
    const user = await signUpUser(server, 'zip');
    const authorization = `Bearer ${await user.cloudToken()}`;
    const plain = await get(`${server.url}/api/skus`, { authorization });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('Accept-Encoding');
    expect(plain.body.length).toBeGreaterThan(answerCompressionThreshold);
    for (const [accept, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip'], ['br;q=0', undefined]] as const) {
      const answer = await get(`${server.url}/api/skus`, { authorization, 'accept-encoding': accept });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers.vary).toContain('Accept-Encoding');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
      expect(JSON.parse(decode(answer).toString())).toEqual(JSON.parse(plain.body.toString()));
      if (encoding) expect(answer.body.length).toBeLessThan(plain.body.length / 2);
    }
  });

  test('small answers are sent as they are', async () => {
    const health = await get(`${server.url}/health`, { 'accept-encoding': 'br, gzip' });
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok' });
  });
});
