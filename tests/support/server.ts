import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Edition } from '#schemas/config.ts';
import { startBreachedRange } from './breached-range.ts';
import { templateFolder } from './pglite-template.ts';

const root = path.resolve(import.meta.dirname, '../..');
const startTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;
const startedLine = 'Gatehouse server listening';

/** Whether a server can listen on `port` now. */
const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });

/**
 * The ports a spawned server is given: below the system's ephemeral range (32768 and up), which the OS hands to
 * outgoing connections, so none can take a port between its probe and the server's listen; and one slice per test
 * worker, so that two workers never pick the same one.
 */
const portSlice = 400;
const firstPort = 20_000 + (Number(process.env.VITEST_POOL_ID ?? 0) % 30) * portSlice;
let nextOffset = Math.floor(Math.random() * portSlice);

/** A port of this worker's slice that nobody listens on right now. */
export const freePort = async () => {
  for (let tried = 0; tried < portSlice; tried += 1) {
    const port = firstPort + (nextOffset++ % portSlice);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port from ${firstPort} to ${firstPort + portSlice - 1}`);
};

export type StartServerOptions = {
  edition: Edition;
  /**
   * PGlite data folder; a fresh temporary one (removed on stop) when neither this nor databaseUrl is given. A new or
   * empty folder starts as a copy of the test run's migrated template when there is one (creating and migrating a
   * database takes a process seconds; the template's set-up does it once per run).
   */
  dataDir?: string;
  databaseUrl?: string;
  /** A fixed port, e.g. to restart a server where browsers already keep its origin's storage. */
  port?: number;
  env?: Record<string, string>;
};

export type RunningServer = {
  url: string;
  port: number;
  pid: number;
  output: () => string;
  /** The dev mailbox URL with its token, as the server printed it (no SMTP_URL). */
  devMailboxUrl: () => string | undefined;
  /** Runs `npm run ops -- …argv` on this server's database and answers the command's JSON result. */
  ops: (argv: string[]) => Promise<unknown>;
  stop: () => Promise<void>;
};

/** `node scripts/ops.ts …argv` with the given database settings; rejects with the CLI's message when it fails. */
export const runOps = (argv: string[], env: { PGLITE_DIR?: string; DATABASE_URL?: string }) =>
  new Promise<unknown>((resolve, reject) => {
    execFile(
      process.execPath,
      ['scripts/ops.ts', ...argv],
      { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env } },
      (error, stdout, stderr) => (error ? reject(new Error(`ops ${argv.join(' ')} failed: ${stderr || error.message}`)) : resolve(JSON.parse(stdout))),
    );
  });

const waitForExit = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Starts `node server/main.ts` as its own process on a free port and resolves once /health answers. Its
 * breached-password lookup asks a local range stub that lists nothing, unless `env` names another BREACHED_PASSWORDS_URL.
 */
export const startServer = async (options: StartServerOptions): Promise<RunningServer> => {
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const temporaryDir = !options.dataDir && !options.databaseUrl ? await mkdtemp(path.join(tmpdir(), 'gatehouse-')) : undefined;
  const database = { PGLITE_DIR: options.dataDir ?? path.join(temporaryDir ?? tmpdir(), 'data'), DATABASE_URL: options.databaseUrl ?? '' };
  const template = templateFolder();
  const empty = await readdir(database.PGLITE_DIR).then((entries) => entries.length === 0, () => true);
  if (!options.databaseUrl && empty && template) await cp(template, database.PGLITE_DIR, { recursive: true });
  const breachedRange = options.env?.BREACHED_PASSWORDS_URL ? undefined : await startBreachedRange();
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: url,
      EDITION: options.edition,
      BREACHED_PASSWORDS_URL: breachedRange?.url ?? '',
      ...database,
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      await waitForExit(child);
      clearTimeout(timer);
    }
    await breachedRange?.stop();
    if (temporaryDir) await rm(temporaryDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const healthy = await fetch(`${url}/health`).then((response) => response.ok, () => false);
    // The startup lines come after the listening socket: wait for them too, as they carry the mailbox URL.
    if (healthy && output.includes(startedLine)) {
      const devMailboxUrl = () => /^Dev mailbox: (\S+)$/m.exec(output)?.[1];
      return { url, port, pid: child.pid ?? 0, output: () => output, devMailboxUrl, ops: (argv) => runOps(argv, database), stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stop();
  throw new Error(`server did not become healthy on ${url}:\n${output}`);
};

export type DevMail = { id: string; to: string; from?: string | null; subject: string; text: string; html: string; links: string[]; createdAt: string };

/** A dev page's JSON (`.json` beside the page), through the mailbox URL with its token: the messages to `to`, newest first. */
const readDevJson = async <T,>(mailboxUrl: string | undefined, page: (mailboxPath: string) => string, to: string): Promise<T[]> => {
  if (!mailboxUrl) throw new Error('the server has no dev mailbox');
  const url = new URL(mailboxUrl);
  url.pathname = `${page(url.pathname)}.json`;
  url.searchParams.set('to', to);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname} answered ${response.status}`);
  return (await response.json()) as T[];
};

/**
 * The dev mailbox of a server without SMTP_URL, through the mailbox URL with its token (as the server prints it, or
 * GatehouseServer.devMailboxUrl): messages to `to`, newest first, with the links they contain.
 */
export const readDevMailbox = (mailboxUrl: string | undefined, to: string) => readDevJson<DevMail>(mailboxUrl, (path) => path, to);

/** The dev SMS outbox's messages to `to` (/dev/sms, with the dev mailbox's token), newest first. */
export const readDevSms = (mailboxUrl: string | undefined, to: string) =>
  readDevJson<{ to: string; from: string | null; text: string }>(mailboxUrl, () => '/dev/sms', to);
