/**
 * A tenant's sign-in page (server/sign-in), on PGlite (a data folder) and on PostgreSQL (DATABASE_URL or 127.0.0.1:5432,
 * in a database of its own), the tenant branded: its colours with dark mode, a logo and an icon per scheme, terms,
 * privacy and support links, and 2 kB of custom CSS:
 * - time to first byte of `GET {base}/sign-in/{uid}`: p95 of 100, after 10 to warm up;
 * - the page's HTML and CSS (the CSS is inline) gzip size;
 * - password sign-in: the form's POST until its redirect answer, p95 of 100 sign-ins (each on its own authorization).
 * The server runs in this process, so latencies include the client's side of each request. `node scripts/bench/sign-in.ts`
 * runs this alone.
 */
import { percentile } from './figures.ts';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { startServer } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { tenants } from '#server/db/schema.ts';
import { generateId } from '#server/ids.ts';
import { createTenantKeys, loadTenantKeys } from '#server/tenant-runtime/keys.ts';
import { readSignInExperience, writeSignInExperience } from '#server/tenant/sign-in-experience/store.ts';
import type { SignInExperienceSettings } from '#schemas/sign-in-experience.ts';
import { authorize, type AuthorizationClient } from '#tests/support/oidc-client.ts';
import { freePort } from '#tests/support/server.ts';
import { tenantData } from '#tests/server/tenant-runtime-support.ts';
import { brandedSignInExperience } from '#tests/support/sign-in-experience-samples.ts';
import { onEachDatabase } from './load.ts';

const pageLoads = 100;
const signIns = 100;
const warmUp = 10;

/** The tests' branded tenant, with 2 kB of custom CSS. */
const brand: Partial<SignInExperienceSettings> = {
  ...brandedSignInExperience,
  customCss: Array.from({ length: 40 }, (_, index) => `.gh-card-${index} { margin: ${index}px; border-radius: 12px; }`).join('\n'),
};

const ms = (value: number) => `${value.toFixed(1)} ms`;

export type SignInFigures = { database: string; pageP95: number; pageGzip: number; signInP95: number };

/** A bench's server on its own port (`env` over the defaults), and a tenant of it with an SPA as its client. */
export const benchTenant = async ({ dataDir, databaseUrl }: { dataDir?: string; databaseUrl?: string }, env: Record<string, string> = {}) => {
  const port = await freePort();
  const server = await startServer(loadConfig({ PORT: String(port), EDITION: 'cloud', PGLITE_DIR: dataDir ?? '', DATABASE_URL: databaseUrl ?? '', ...env }));
  const tenantId = generateId(12);
  await server.db.insert(tenants).values({ id: tenantId, name: 'Bench', tag: 'development', regionName: 'EU', planId: 'development' });
  await createTenantKeys(server.db, tenantId);
  await loadTenantKeys(server.db, tenantId);
  const redirectUri = 'https://app.bench.test/callback';
  const clientId = await tenantData(server.db, tenantId).application('SPA', { oidcClientMetadata: { redirectUris: [redirectUri], postLogoutRedirectUris: [] } });
  const client: AuthorizationClient = { issuer: `${server.url}/t/${tenantId}/oidc`, clientId, redirectUri, scopes: ['openid', 'profile'], resources: [], prompt: 'consent' };
  return { server, tenantId, client };
};


const measure = async (database: string, options: { dataDir?: string; databaseUrl?: string }): Promise<SignInFigures> => {
  const { server, tenantId, client } = await benchTenant(options);
  try {
    await tenantData(server.db, tenantId).signUpByUsernameOrEmail();
    const { settings } = await readSignInExperience(server.db, tenantId, 'cloud');
    await writeSignInExperience(server.db, tenantId, { ...settings, ...brand });
    const account = { username: 'bench_user', password: 'Bench!pass-9x' };
    const registered = await (await authorize(client, { signUp: true })).submit('register', { ...account, email: '', confirmPassword: account.password });
    if (!registered.tokens) throw new Error(`registration failed: ${registered.response.status}`);

    console.log(`  ${database}: ${pageLoads} loads of the sign-in page…`);
    const pending = await authorize(client);
    const pageGzip = gzipSync(pending.html).length;
    const firstBytes: number[] = [];
    for (let run = 0; run < warmUp + pageLoads; run += 1) {
      const started = performance.now();
      const response = await pending.browser.request(pending.pageUrl);
      if (run >= warmUp) firstBytes.push(performance.now() - started);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`the sign-in page answered ${response.status}`);
    }

    console.log(`  ${database}: ${signIns} password sign-ins…`);
    const posts: number[] = [];
    for (let run = 0; run < warmUp + signIns; run += 1) {
      const { browser, pageUrl } = await authorize(client);
      const started = performance.now();
      const response = await browser.postForm(`${pageUrl}/password`, { identifier: account.username, password: account.password });
      if (run >= warmUp) posts.push(performance.now() - started);
      await response.arrayBuffer();
      if (response.status !== 303) throw new Error(`the sign-in answered ${response.status}`);
    }
    return { database, pageP95: percentile(firstBytes, 95), pageGzip, signInP95: percentile(posts, 95) };
  } finally {
    await server.close();
  }
};

/** The figures on PGlite, then on PostgreSQL when one answers. */
export const benchSignIn = async () => {
  const figures = await onEachDatabase(measure);
  for (const { database, pageP95, pageGzip, signInP95 } of figures) {
    console.log(`  ${database}: tenant sign-in page time to first byte p95 ${ms(pageP95)} (budget ≤ 30 ms)`);
    console.log(`  ${database}: tenant sign-in page HTML+CSS ${(pageGzip / 1000).toFixed(1)} kB gzip (budget ≤ 20 kB)`);
    console.log(`  ${database}: password sign-in POST until the redirect p95 ${ms(signInP95)} (budget ≤ 150 ms)`);
  }
  return figures;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log('Tenant sign-in page:');
  await benchSignIn();
  process.exit(0);
}
