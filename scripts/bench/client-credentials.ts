/**
 * Client-credentials tokens under load (issue 21, the server budget), on PGlite (a data folder) and on PostgreSQL
 * (DATABASE_URL or 127.0.0.1:5432, in a database of its own): one server process of its own, and 50 distinct
 * machine-to-machine apps of one tenant, each made through the management API with its own secret and a role holding
 * one permission of an API resource. Each app loops on its own kept-alive connection for 20 s, asking the tenant's
 * token endpoint for a JWT for that API (Basic auth, `resource` and `scope`), the next request once the previous one
 * answered. Figures: tokens/s, p50 and p99 latency, errors (any answer but a 200 with an access token), and the
 * machine's load average, since other work on the machine slows the figures. `node scripts/bench/client-credentials.ts`
 * runs this alone; `-- --cpu-prof <dir>` also writes the server's CPU profiles there.
 */
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { organizationIdOf } from '#schemas/constants.ts';
import { startServer } from '#tests/support/server.ts';
import { benchAccount } from './account.ts';
import { post, type Answer } from './http.ts';
import { cpuSeconds, onEachDatabase } from './load.ts';

const clients = 50;
const loadMs = 20_000;
const warmUpMs = 2_000;
const indicator = 'https://api.bench.test';
const permission = 'read:bench';

/** A 200 whose body carries an access token. */
const isToken = ({ status, body }: Answer) => {
  try {
    return status === 200 && typeof (JSON.parse(body.toString('utf8')) as { access_token?: unknown }).access_token === 'string';
  } catch {
    return false;
  }
};

const at = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

export type ClientCredentialsFigures = {
  database: string;
  tokensPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * The server process's CPU time per token issued (user and system): a figure the machine's other work changes less.
   * On PGlite it includes the database; on PostgreSQL the database's own processes are not in it.
   */
  cpuPerToken: number;
  load: [before: number, after: number];
};

/** A tenant with an API resource and `clients` M2M apps allowed its permission; answers the tenant and the apps. */
const seed = async (serverUrl: string) => {
  const { session, createTenant } = await benchAccount(serverUrl, 'tokens');
  const tenantId = await createTenant('Tokens');
  const token = await session.organizationToken(organizationIdOf(tenantId));
  const call = async <T>(route: string, body: unknown) => {
    const response = await fetch(`${serverUrl}/m/${tenantId}/api${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`POST ${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const resource = await call<{ id: string }>('/resources', { name: 'Bench API', indicator });
  const scope = await call<{ id: string }>(`/resources/${resource.id}/scopes`, { name: permission });
  const role = await call<{ id: string }>('/roles', { name: 'Bench reader', description: 'Reads the bench API', type: 'MachineToMachine', scopeIds: [scope.id] });
  const apps = [];
  for (let index = 0; index < clients; index += 1) {
    const app = await call<{ id: string; secrets: { value: string }[] }>('/applications', { name: `Bench client ${index}`, type: 'MachineToMachine' });
    apps.push({ clientId: app.id, secret: app.secrets[0]!.value });
  }
  await call(`/roles/${role.id}/applications`, { applicationIds: apps.map(({ clientId }) => clientId) });
  return { tenantId, apps };
};

const measure = async (database: string, options: { dataDir?: string; databaseUrl?: string }, cpuProfileDir?: string): Promise<ClientCredentialsFigures> => {
  const env = cpuProfileDir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(cpuProfileDir)}` } : undefined;
  const server = await startServer({ edition: 'cloud', ...options, env });
  try {
    console.log(`  ${database}: ${clients} M2M apps…`);
    const { tenantId, apps } = await seed(server.url);
    const target = new URL(`${server.url}/t/${tenantId}/oidc/token`);
    const body = new URLSearchParams({ grant_type: 'client_credentials', resource: indicator, scope: permission }).toString();
    const latencies: number[] = [];
    let errors = 0;
    /** One app's loop until `until`; latencies and errors are kept only once `from` has passed. */
    const loop = async ({ clientId, secret }: { clientId: string; secret: string }, from: number, until: number) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const headers = {
        authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      };
      while (performance.now() < until) {
        const started = performance.now();
        const answer = await post(agent, target, headers, body).catch(() => undefined);
        if (started < from) continue;
        latencies.push(performance.now() - started);
        if (!answer || !isToken(answer)) errors += 1;
      }
      agent.destroy();
    };
    console.log(`  ${database}: ${clients} clients on the token endpoint for ${loadMs / 1000} s…`);
    const loadBefore = loadavg()[0]!;
    const from = performance.now() + warmUpMs;
    const measuring = new Promise((resolve) => setTimeout(resolve, warmUpMs)).then(() => cpuSeconds(server.pid));
    await Promise.all(apps.map((app) => loop(app, from, from + loadMs)));
    const cpu = (await cpuSeconds(server.pid)) - (await measuring);
    const sorted = latencies.sort((a, b) => a - b);
    const tokens = sorted.length - errors;
    return {
      database,
      tokensPerSecond: tokens / (loadMs / 1000),
      cpuPerToken: (cpu * 1000) / tokens,
      p50: at(sorted, 50),
      p99: at(sorted, 99),
      errors,
      load: [loadBefore, loadavg()[0]!],
    };
  } finally {
    await server.stop();
  }
};

/** The figures on PGlite, then on PostgreSQL when one answers. */
export const benchClientCredentials = async (cpuProfileDir?: string) => {
  const figures = await onEachDatabase((database, options) => measure(database, options, cpuProfileDir));
  for (const { database, tokensPerSecond, p50, p99, errors, cpuPerToken, load } of figures) {
    console.log(
      `  ${database}: ${clients} clients, client-credentials tokens: ${tokensPerSecond.toFixed(0)} tokens/s, p50 ${p50.toFixed(1)} ms, ` +
        `p99 ${p99.toFixed(1)} ms, ${errors} errors (budget ≥ 300 tokens/s, p99 ≤ 200 ms, 0 errors); ` +
        `server CPU ${cpuPerToken.toFixed(2)} ms per token; load average ${load[0].toFixed(2)} → ${load[1].toFixed(2)}`,
    );
  }
  return figures;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Client-credentials tokens under load:');
  const profile = process.argv.indexOf('--cpu-prof');
  await benchClientCredentials(profile >= 0 ? process.argv[profile + 1] : undefined);
  process.exit(0);
}
