import { readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { newSecret, sameSecret } from '../secrets.ts';
import { OpsError, runOpsCommand, type OpsContext } from './commands.ts';

/**
 * PGlite is one process's database: while the server has it open, `npm run ops` cannot open it too. So a server on
 * PGlite also listens on a loopback-only port for ops commands, and writes that port and a fresh random token into the
 * data folder (readable by its owner only). The CLI reads the file and sends the command with the token.
 */
export const opsFileName = 'gatehouse-ops.json';
export const opsFileGuard = z.object({ url: z.string(), token: z.string(), pid: z.number() });
export type OpsFile = z.infer<typeof opsFileGuard>;

export const opsFilePath = (pgliteDir: string) => path.join(pgliteDir, opsFileName);

/** Body of POST /ops: the command line; answer `{ result }` or `{ error }` (400 for a refused command). */
export const opsRequestGuard = z.object({ argv: z.array(z.string().max(1000)).max(50) }).strict();

const maxBodyBytes = 64 * 1024;

const readBody = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > maxBodyBytes) throw new OpsError('The request is too large.');
  }
  return body;
};

export const startOpsListener = async (context: OpsContext, pgliteDir: string) => {
  const token = newSecret();
  const server = createServer((request, response) => {
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    const authorization = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (request.method !== 'POST' || request.url !== '/ops') return reply(404, { error: 'Not found.' });
    if (!sameSecret(authorization, token)) return reply(401, { error: 'A valid ops token is required.' });
    readBody(request)
      .then(async (text) => {
        const parsed = opsRequestGuard.safeParse(JSON.parse(text));
        if (!parsed.success) throw new OpsError('The body must be { "argv": [ … ] }.');
        reply(200, { result: (await runOpsCommand(context, parsed.data.argv)) ?? null });
      })
      .catch((error: unknown) => {
        if (error instanceof OpsError || error instanceof SyntaxError) return reply(400, { error: error.message });
        console.error('ops command failed', error);
        reply(500, { error: error instanceof Error ? error.message : String(error) });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const file = opsFilePath(pgliteDir);
  const { port } = server.address() as AddressInfo;
  const contents: OpsFile = { url: `http://127.0.0.1:${port}`, token, pid: process.pid };
  await writeFile(file, JSON.stringify(contents), { mode: 0o600 });

  return async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    // Leave a file that a newer process has written in the meantime.
    const current = await readFile(file, 'utf8').catch(() => '');
    if (current.includes(token)) await rm(file, { force: true });
  };
};
