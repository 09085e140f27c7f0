/**
 * The tenant issuers (server/tenant-runtime), on PGlite (a data folder) and on PostgreSQL (DATABASE_URL or
 * 127.0.0.1:5432, in a database of its own):
 * - client-credentials token on one warm tenant: p50 and p95 of 500 sequential grants, after 20 to warm up;
 * - cold tenant: the first discovery of each of 200 fresh tenants (a pool miss: the issuer is built), p95;
 * - memory per cached tenant: the RSS delta after 500 more tenants each answered a discovery and a token, / 500.
 * The server runs in this process (its data is written directly, as the management API of applications is not needed
 * for it), so latencies include the client's side of each request. `node scripts/bench/tenants.ts` runs this alone.
 */
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { startServer } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { tenants } from '#server/db/schema.ts';
import { generateId } from '#server/ids.ts';
import { createTenantKeys, loadTenantKeys } from '#server/tenant-runtime/keys.ts';
import { freePort } from '#tests/support/server.ts';
import { clientCredentials, tenantData } from '#tests/server/tenant-runtime-support.ts';
import { onEachDatabase } from './load.ts';

const grants = 500;
const warmUp = 20;
const coldTenants = 200;
const cachedTenants = 500;

const at = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

export type TenantFigures = { database: string; tokenP50: number; tokenP95: number; coldP95: number; bytesPerTenant: number };

const measure = async (database: string, env: Record<string, string>): Promise<TenantFigures> => {
  const port = await freePort();
  const server = await startServer(loadConfig({ PORT: String(port), EDITION: 'cloud', TENANT_POOL_SIZE: '2000', ...env }));
  const issuerOf = (tenantId: string) => `${server.url}/t/${tenantId}/oidc`;
  /** New tenants with their keys, as tenant creation makes them; each with an M2M app holding a permission of an API. */
  const newTenants = async (count: number) => {
    const ids = Array.from({ length: count }, () => generateId(12));
    await server.db.insert(tenants).values(ids.map((id) => ({ id, name: id, tag: 'development', regionName: 'EU', planId: 'development' })));
    return Promise.all(
      ids.map(async (tenantId) => {
        await createTenantKeys(server.db, tenantId);
        await loadTenantKeys(server.db, tenantId);
        const data = tenantData(server.db, tenantId);
        const { scopeIds } = await data.resource('https://api.bench.test', ['read:bench']);
        const clientId = await data.application('MachineToMachine');
        const secret = await data.secret(clientId);
        await data.assignToApplication(clientId, await data.role('MachineToMachine', [scopeIds['read:bench']!]));
        return { tenantId, clientId, secret };
      }),
    );
  };
  const token = async ({ tenantId, clientId, secret }: { tenantId: string; clientId: string; secret: string }) => {
    const { status } = await clientCredentials(issuerOf(tenantId), { clientId, secret, resource: 'https://api.bench.test', scope: 'read:bench' });
    if (status !== 200) throw new Error(`the token endpoint answered ${status}`);
  };
  const discovery = async (tenantId: string) => {
    const response = await fetch(`${issuerOf(tenantId)}/.well-known/openid-configuration`);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`discovery answered ${response.status}`);
  };
  try {
    console.log(`  ${database}: ${grants} client-credentials grants on one warm tenant…`);
    const [warm] = await newTenants(1);
    const times: number[] = [];
    for (let run = 0; run < warmUp + grants; run += 1) {
      const started = performance.now();
      await token(warm!);
      if (run >= warmUp) times.push(performance.now() - started);
    }

    console.log(`  ${database}: first discovery of ${coldTenants} fresh tenants…`);
    const cold: number[] = [];
    for (const { tenantId } of await newTenants(coldTenants)) {
      const started = performance.now();
      await discovery(tenantId);
      cold.push(performance.now() - started);
    }

    console.log(`  ${database}: ${cachedTenants} more tenants cached (discovery and a token each)…`);
    const touched = await newTenants(cachedTenants);
    const before = process.memoryUsage().rss;
    for (const tenant of touched) {
      await discovery(tenant.tenantId);
      await token(tenant);
    }
    const bytesPerTenant = (process.memoryUsage().rss - before) / cachedTenants;
    return { database, tokenP50: at(times, 50), tokenP95: at(times, 95), coldP95: at(cold, 95), bytesPerTenant };
  } finally {
    await server.close();
  }
};

/** The figures on PGlite, then on PostgreSQL when one answers. */
export const benchTenants = async () => {
  const figures = await onEachDatabase((database, { dataDir, databaseUrl }) =>
    measure(database, dataDir ? { PGLITE_DIR: dataDir } : { DATABASE_URL: databaseUrl! }),
  );
  for (const { database, tokenP50, tokenP95, coldP95, bytesPerTenant } of figures) {
    console.log(`  ${database}: client-credentials token p50 ${ms(tokenP50)}, p95 ${ms(tokenP95)} (budget ≤ 10 / 30 ms)`);
    console.log(`  ${database}: cold tenant, first discovery p95 ${ms(coldP95)} (budget ≤ 50 ms)`);
    console.log(`  ${database}: memory per cached tenant ${(bytesPerTenant / 1000).toFixed(0)} kB (budget ≤ 250 kB)`);
  }
  return figures;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Tenant issuers:');
  await benchTenants();
  process.exit(0);
}
