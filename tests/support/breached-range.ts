import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the breached-password range service (spec 02 §7), so no test waits on the internet: GET
 * `/range/{5 hex}` answers, as text, `SUFFIX:COUNT` lines for the listed passwords whose SHA-1 starts with those 5
 * digits, among a few made-up ones. `delayMs` holds every answer back (a slow service); `asked` records each prefix.
 */
export const startBreachedRange = async (passwords: readonly string[] = []) => {
  const listed = new Map<string, string[]>();
  for (const password of passwords) {
    const hash = createHash('sha1').update(password).digest('hex').toUpperCase();
    listed.set(hash.slice(0, 5), [...(listed.get(hash.slice(0, 5)) ?? []), hash.slice(5)]);
  }
  const stub = { delayMs: 0, asked: [] as string[] };
  const server = createServer((request, response) => {
    const prefix = /^\/range\/([0-9A-F]{5})$/i.exec(request.url ?? '')?.[1]?.toUpperCase();
    if (!prefix) {
      response.writeHead(404).end();
      return;
    }
    stub.asked.push(prefix);
    const madeUp = Array.from({ length: 3 }, () => randomBytes(18).toString('hex').slice(0, 35).toUpperCase());
    const lines = [...madeUp.map((suffix, index) => `${suffix}:${index + 1}`), ...(listed.get(prefix) ?? []).map((suffix) => `${suffix}:42`)];
    setTimeout(() => response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.sort().join('\r\n')), stub.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(stub, {
    url: `http://127.0.0.1:${port}/range`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
};

export type BreachedRange = Awaited<ReturnType<typeof startBreachedRange>>;
