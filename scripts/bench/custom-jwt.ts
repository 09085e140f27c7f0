/**
 * Custom JWT overhead (issue 25, tenant-runtime.md §9): client-credentials tokens of two warm tenants alike but for a
 * custom JWT script on one (it reads the application from its context and returns two claims). 300 grants each,
 * alternating, after 20 each to warm up (the sandbox's workers included); p50 and p95 of each and the p95 overhead,
 * budget ≤ 15 ms. On PGlite and on PostgreSQL. `node scripts/bench/custom-jwt.ts` runs this part alone.
 */
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { performance } from 'node:perf_hooks';
import { startServer } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { tenants } from '#server/db/schema.ts';
import { generateId } from '#server/ids.ts';
import { saveCustomizerRow } from '#server/tenant/jwt-customizer/store.ts';
import { createTenantKeys } from '#server/tenant-runtime/keys.ts';
import { freePort } from '#tests/support/server.ts';
import { clientCredentials, tenantData } from '#tests/server/tenant-runtime-support.ts';
import { onEachDatabase } from './load.ts';

const grants = 300;
const warmUp = 20;
const resource = 'https://api.bench.test';
const script = 'const getCustomJwtClaims = async ({ token, context }) => ({ app: context.application.name, tier: token.scope ? "scoped" : "none" });';

const at = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;

export type CustomJwtFigures = { database: string; plain: { p50: number; p95: number }; scripted: { p50: number; p95: number }; overheadP95: number };

const measure = async (database: string, env: Record<string, string>): Promise<CustomJwtFigures> => {
  const port = await freePort();
  const server = await startServer(loadConfig({ PORT: String(port), EDITION: 'cloud', ...env }));
  try {
    const tenantOf = async (withScript: boolean) => {
      const tenantId = generateId(12);
      await server.db.insert(tenants).values({ id: tenantId, name: tenantId, tag: 'development', regionName: 'EU', planId: 'development' });
      await createTenantKeys(server.db, tenantId);
      const data = tenantData(server.db, tenantId);
      const { scopeIds } = await data.resource(resource, ['read:bench']);
      const clientId = await data.application('MachineToMachine');
      const secret = await data.secret(clientId);
      await data.assignToApplication(clientId, await data.role('MachineToMachine', [scopeIds['read:bench']!]));
      if (withScript) {
        await saveCustomizerRow(server.db, tenantId, 'client-credentials', { script, sealedEnvironment: null, tokenSample: null, contextSample: null, blockIssuanceOnError: true });
      }
      const issuer = `${server.url}/t/${tenantId}/oidc`;
      return async () => {
        const started = performance.now();
        const { status, body } = await clientCredentials(issuer, { clientId, secret, resource, scope: 'read:bench' });
        if (status !== 200) throw new Error(`the token endpoint answered ${status}`);
        const claims = decodeJwt((body as { access_token: string }).access_token);
        if (withScript !== ('app' in claims)) throw new Error(`the token ${withScript ? 'lacks' : 'has'} the script's claim`);
        return performance.now() - started;
      };
    };
    const plain = await tenantOf(false);
    const scripted = await tenantOf(true);
    console.log(`  ${database}: ${grants} client-credentials grants with and without a script, alternating…`);
    const times = { plain: [] as number[], scripted: [] as number[] };
    for (let run = 0; run < warmUp + grants; run += 1) {
      const [a, b] = [await plain(), await scripted()];
      if (run < warmUp) continue;
      times.plain.push(a);
      times.scripted.push(b);
    }
    const figures = (values: number[]) => ({ p50: at(values, 50), p95: at(values, 95) });
    return { database, plain: figures(times.plain), scripted: figures(times.scripted), overheadP95: at(times.scripted, 95) - at(times.plain, 95) };
  } finally {
    await server.close();
  }
};

export const benchCustomJwt = async () => {
  const figures = await onEachDatabase((database, { dataDir, databaseUrl }) => measure(database, dataDir ? { PGLITE_DIR: dataDir } : { DATABASE_URL: databaseUrl! }));
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  for (const { database, plain, scripted, overheadP95 } of figures) {
    console.log(`  ${database}: client-credentials token without a script p50 ${ms(plain.p50)}, p95 ${ms(plain.p95)}; with one p50 ${ms(scripted.p50)}, p95 ${ms(scripted.p95)}`);
    console.log(`  ${database}: custom JWT overhead p95 ${ms(overheadP95)} (budget ≤ 15 ms)`);
  }
  return figures;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Custom JWT:');
  await benchCustomJwt();
  process.exit(0);
}
