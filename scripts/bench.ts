/**
 * `npm run bench`: prints the performance figures of the issue budgets. Figures, not pass/fail tests.
 * - JS+CSS (gzip) the browser loads before the signed-in shell and sidebar are visible, and those files' bytes on the wire
 * - JS+CSS (gzip) the API resources, users, applications, roles, sign-in experience, connectors and custom JWT pages load beyond it
 * - signed-in cold load until the shell and sidebar are visible (headless Chromium, localhost, median of 5)
 * - signed-in cold load of the applications list until a row shows, and the requests the page made until then (median of 5)
 * - sign-in submit until the console shell shows (scripts/bench/console-sign-in.ts, median of 5)
 * - server cold start on an existing data folder (median of 5), and its RSS after start on PGlite
 * - token endpoint refresh grant latency (p50 and p95 of 100)
 * - idle CPU, and 200 keep-alive clients on GET /api/tenants, on PGlite and on PostgreSQL (scripts/bench/load.ts)
 * - the tenant issuers: client-credentials token, cold tenant, memory per cached tenant (scripts/bench/tenants.ts)
 * - client-credentials tokens from 50 concurrent M2M apps for 20 s: tokens/s, p50/p99, errors (scripts/bench/client-credentials.ts)
 * - a tenant's sign-in page: time to first byte, HTML+CSS gzip, password sign-in until the redirect (scripts/bench/sign-in.ts)
 * - a verification code sent through the tenant's Dev mailbox connector until the message is in it (scripts/bench/send-code.ts)
 * - the users list at 100,000 users and the audit log at 1,000,000 rows (scripts/bench/users.ts)
 * - a key rotation in one process until a second one on the same PostgreSQL publishes it (scripts/bench/key-rotation.ts)
 * - client-credentials token with a custom JWT script and without, the p95 overhead (scripts/bench/custom-jwt.ts)
 * - a webhook event committed until its first attempt reaches a local receiver (scripts/bench/webhook-latency.ts)
 * `npm run bench -- --files` also lists the first screen's JS and CSS files with their gzip sizes, and the requests before the applications table; `-- --console` measures
 * only the console (its build and the cold loads), not the server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { BrowserContextOptions, Page, Response } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildConsole } from '../tests/support/build-console.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { startServer, type RunningServer } from '../tests/support/server.ts';
import { fillSignIn } from '../tests/support/e2e-steps.ts';
import { organizationIdOf, resourceIndicators } from '../schemas/constants.ts';
import { benchAccount } from './bench/account.ts';
import { benchServer } from './bench/server.ts';
import { benchConsoleSignIn } from './bench/console-sign-in.ts';
import { kB, median, ms, percentile, rssOf, size } from './bench/figures.ts';

const rows: [string, string, string][] = [];
const report = (what: string, figure: string, budget: string) => {
  rows.push([what, figure, budget]);
  console.log(`  ${what}: ${figure} (budget ${budget})`);
};

const consoleOnly = process.argv.includes('--console');

console.log('Building the console…');
await buildConsole();

const dataDir = await mkdtemp(path.join(tmpdir(), 'gatehouse-bench-'));
let server: RunningServer | undefined = await startServer({ edition: 'cloud', dataDir });
const browser = await launchBrowser();
try {
  // One account with one tenant, so that the console opens on the tenant's sidebar.
  const { account, session, createTenant } = await benchAccount(server.url, 'bench');
  const tenantId = await createTenant('Bench');
  const organizationToken = await session.organizationToken(organizationIdOf(tenantId));
  const createIn = async (what: string, body: unknown) => {
    const created = await fetch(`${server!.url}/m/${tenantId}/api/${what}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${organizationToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!created.ok) throw new Error(`creating ${what} answered ${created.status}`);
  };
  await createIn('applications', { name: 'Bench app', type: 'SPA', oidcClientMetadata: { redirectUris: [], postLogoutRedirectUris: [] } });
  await createIn('roles', { name: 'bench_role', description: 'A role of the bench' });

  const signInContext = await browser.newContext();
  const signInPage = await signInContext.newPage();
  await signInPage.goto(`${server.url}/console`);
  await fillSignIn(signInPage, account.username, account.password);
  await signInPage.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').first().waitFor({ timeout: 30_000 });
  await signInPage.waitForLoadState('networkidle');
  let storageState = await signInContext.storageState();
  await signInContext.close();

  /**
   * One signed-in cold load in a fresh context (empty HTTP cache): its time and, per JS/CSS file, the gzip size of its
   * body beside the bytes it took on the wire (the encoded body) and their Content-Encoding. The next load starts from
   * the tokens this one ends with, as the same browser would: a refresh token is rotated when used, and the one it
   * replaced stays usable only for a few seconds, which a busy machine's runs together can outlast.
   */
  const shell = { path: '/console/', ready: (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').first() };
  const usersPage = {
    path: `/console/${tenantId}/users`,
    ready: (page: Page) => page.getByRole('table', { name: 'Users' }).getByRole('link').first(),
  };
  const signInExperience = {
    path: `/console/${tenantId}/sign-in-experience/branding`,
    ready: (page: Page) => page.getByRole('textbox', { name: 'Brand colour', exact: true }),
  };
  const connectorsList = {
    path: `/console/${tenantId}/connectors/passwordless`,
    ready: (page: Page) => page.getByRole('table', { name: 'Passwordless connectors' }).getByRole('link', { name: 'Set up' }).first(),
  };
  const connectorGuide = {
    path: `/console/${tenantId}/connectors/passwordless/guide/dev-mailbox`,
    ready: (page: Page) => page.getByRole('button', { name: 'Send test' }),
  };
  const customJwtIndex = { path: `/console/${tenantId}/customize-jwt`, ready: (page: Page) => page.getByRole('heading', { name: 'User access token' }) };
  const customJwtEditor = { path: `/console/${tenantId}/customize-jwt/access-token/create`, ready: (page: Page) => page.getByRole('textbox', { name: 'Script', exact: true }) };
  const applications = {
    path: `/console/${tenantId}/applications`,
    ready: (page: Page) => page.getByRole('table', { name: 'Applications' }).getByRole('link').first(),
  };
  const rolesPage = {
    path: `/console/${tenantId}/roles`,
    ready: (page: Page) => page.getByRole('table', { name: 'Roles' }).getByRole('link').first(),
  };
  const apiResources = {
    path: `/console/${tenantId}/api-resources`,
    ready: (page: Page) => page.getByRole('table', { name: 'API resources' }).getByRole('link').first(),
  };
  const coldLoad = async (options: BrowserContextOptions = {}, target = shell) => {
    const context = await browser.newContext({ storageState, ...options });
    const page = await context.newPage();
    // The bodies are read once the load is timed: reading them over the wire protocol meanwhile would slow the load,
    // and more so for a page of more files.
    const assets = new Map<string, Response>();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(`${request.method()} ${new URL(request.url()).pathname}`));
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') assets.set(response.url(), response);
    });
    const started = performance.now();
    await page.goto(`${server!.url}${target.path}`);
    await target.ready(page).waitFor({ timeout: 30_000 });
    const time = performance.now() - started;
    const requestsBefore = [...requested];
    const arrived = [...assets]; // what came before the target showed, not what the page fetches after
    await page.waitForLoadState('networkidle');
    storageState = await context.storageState();
    const files = await Promise.all(arrived.map(async ([url, response]) => {
      const [body, sizes, encoding] = await Promise.all([response.body(), response.request().sizes(), response.headerValue('content-encoding')]);
      return { url, gzip: gzipSync(body, { level: 9 }).length, wire: sizes.responseBodySize, encoding: encoding ?? 'identity' };
    }));
    await context.close();
    const total = (key: 'gzip' | 'wire') => files.reduce((sum, file) => sum + file[key], 0);
    const counts = new Map<string, number>();
    for (const { encoding } of files) counts.set(encoding, (counts.get(encoding) ?? 0) + 1);
    const encodings = [...counts].map(([name, count]) => `${name} ×${count}`).join(', ');
    return { time, requests: requestsBefore.length, requested: requestsBefore, files, gzip: total('gzip'), wire: total('wire'), encodings };
  };

  console.log('\nSigned-in cold loads (fresh browser context each time, empty HTTP cache):');
  const loadTimes: number[] = [];
  let firstScreen: Awaited<ReturnType<typeof coldLoad>> | undefined;
  for (let run = 0; run < 5; run += 1) {
    firstScreen = await coldLoad();
    loadTimes.push(firstScreen.time);
    if (run === 0 && process.argv.includes('--files')) {
      for (const { url, gzip } of firstScreen.files.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kB(gzip).padStart(9)}  ${new URL(url).pathname}`);
    }
    console.log(`  run ${run + 1}: ${ms(firstScreen.time)}, ${firstScreen.files.length} JS/CSS files, ${kB(firstScreen.wire)} on the wire (${firstScreen.encodings})`);
  }
  // The applications list: to its table with a row, and how many requests the page made until then.
  const applicationTimes: number[] = [];
  const applicationRequests: number[] = [];
  let applicationsLoad: Awaited<ReturnType<typeof coldLoad>> | undefined;
  for (let run = 0; run < 5; run += 1) {
    applicationsLoad = await coldLoad({}, applications);
    const { time, requests } = applicationsLoad;
    applicationTimes.push(time);
    applicationRequests.push(requests);
    console.log(`  applications run ${run + 1}: ${ms(time)}, ${requests} requests`);
    if (run === 0 && process.argv.includes('--files')) for (const request of applicationsLoad.requested) console.log(`    ${request}`);
  }
  // The API resources page: to its table with rows, and the JS+CSS it loads beyond the first screen.
  const pageTimes: number[] = [];
  let pageLoad: Awaited<ReturnType<typeof coldLoad>> | undefined;
  for (let run = 0; run < 5; run += 1) {
    pageLoad = await coldLoad({}, apiResources);
    pageTimes.push(pageLoad.time);
    console.log(`  API resources run ${run + 1}: ${ms(pageLoad.time)}`);
  }
  const firstScreenUrls = new Set(firstScreen!.files.map(({ url }) => new URL(url).pathname));
  const pageChunks = pageLoad!.files.filter(({ url }) => !firstScreenUrls.has(new URL(url).pathname));
  const pageChunkGzip = pageChunks.reduce((sum, file) => sum + file.gzip, 0);
  if (process.argv.includes('--files')) {
    console.log('  API resources files beyond the first screen:');
    for (const { url, gzip } of pageChunks.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kB(gzip).padStart(9)}  ${new URL(url).pathname}`);
  }
  // The users page (one user, made through the management API): the JS+CSS it loads beyond the first screen.
  await createIn('users', { username: 'bench_user' });
  const usersChunks = (await coldLoad({}, usersPage)).files.filter(({ url }) => !firstScreenUrls.has(new URL(url).pathname));
  const signInExperienceChunks = (await coldLoad({}, signInExperience)).files.filter(({ url }) => !firstScreenUrls.has(new URL(url).pathname));
  const applicationsChunks = applicationsLoad!.files.filter(({ url }) => !firstScreenUrls.has(new URL(url).pathname));
  const rolesChunks = (await coldLoad({}, rolesPage)).files.filter(({ url }) => !firstScreenUrls.has(new URL(url).pathname));
  if (process.argv.includes('--files')) {
    for (const [name, chunks] of [['sign-in experience', signInExperienceChunks], ['applications', applicationsChunks], ['roles', rolesChunks]] as const) {
      console.log(`  ${name} files beyond the first screen:`);
      for (const { url, gzip } of chunks.sort((a, b) => b.gzip - a.gzip)) console.log(`    ${kB(gzip).padStart(9)}  ${new URL(url).pathname}`);
    }
  }
  /** The files beyond the first screen that a page's loads bring, each once: their gzip sizes, listed with --files. */
  const chunksBeyond = async (name: string, targets: (typeof connectorsList)[]) => {
    const chunks = new Map<string, number>();
    for (const target of targets) for (const { url, gzip } of (await coldLoad({}, target)).files) if (!firstScreenUrls.has(new URL(url).pathname)) chunks.set(new URL(url).pathname, gzip);
    if (process.argv.includes('--files')) console.log(`  ${name} files beyond the first screen:\n${[...chunks].sort((a, b) => b[1] - a[1]).map(([path, gzip]) => `    ${kB(gzip).padStart(9)}  ${path}`).join('\n')}`);
    return `${size([...chunks.values()].reduce((sum, gzip) => sum + gzip, 0))} in ${chunks.size} files`;
  };
  // The connectors page: its list, then a factory's guide (the generated config form, the README, the send test).
  const connectorsFigure = await chunksBeyond('connectors (list and guide)', [connectorsList, connectorGuide]);
  // Custom JWT: the index, then the editor with its code editor.
  const customJwtFigure = await chunksBeyond('custom JWT (index and editor)', [customJwtIndex, customJwtEditor]);
  // As a browser without brotli: its bytes on the wire must be the gzip figure's.
  const gzipOnly = await coldLoad({ extraHTTPHeaders: { 'accept-encoding': 'gzip' } });
  console.log(`  accepting gzip only: ${ms(gzipOnly.time)}, ${kB(gzipOnly.wire)} on the wire (${gzipOnly.encodings})`);

  console.log('\nGatehouse figures');
  const share = (part: number, whole: number) => `${((part / whole) * 100).toFixed(1)}%`;
  report('JS+CSS before the first screen (gzip)', `${size(firstScreen!.gzip)} in ${firstScreen!.files.length} files`, '≤ 200 kB');
  report('the same on the wire, browser accepting gzip only', `${kB(gzipOnly.wire)}, ${share(gzipOnly.wire, gzipOnly.gzip)} of gzip`, 'within a few % of gzip');
  report('the same on the wire, Chromium as it is', `${kB(firstScreen!.wire)} (${firstScreen!.encodings}), ${share(firstScreen!.wire, firstScreen!.gzip)} of gzip`, '≤ gzip');
  report('signed-in cold load to shell and sidebar (median of 5)', ms(median(loadTimes)), '≤ 800 ms');
  report('signed-in cold load to the applications table with a row (median of 5)', ms(median(applicationTimes)), '≤ 450 ms');
  report('requests before the applications table shows (median of 5)', String(median(applicationRequests)), '≤ 20');
  const signInTimes = await benchConsoleSignIn(browser, server.url, account);
  report('sign-in submit until the console shell (median of 5)', ms(median(signInTimes)), '≤ 500 ms');
  report('API resources page chunks beyond the first screen (gzip)', `${size(pageChunkGzip)} in ${pageChunks.length} files`, '≤ 30 kB');
  report('users page chunks beyond the first screen (gzip)', `${size(usersChunks.reduce((sum, file) => sum + file.gzip, 0))} in ${usersChunks.length} files`, '≤ 35 kB');
  const chunksFigure = (chunks: typeof rolesChunks) => `${size(chunks.reduce((sum, file) => sum + file.gzip, 0))} in ${chunks.length} files`;
  report('applications page chunks beyond the first screen (gzip)', chunksFigure(applicationsChunks), 'none set');
  report('roles page chunks beyond the first screen (gzip)', chunksFigure(rolesChunks), 'none set');
  report(
    'sign-in experience page chunks beyond the first screen (gzip)',
    `${size(signInExperienceChunks.reduce((sum, file) => sum + file.gzip, 0))} in ${signInExperienceChunks.length} files`,
    '≤ 40 kB',
  );
  report('connectors page chunks beyond the first screen, list and guide (gzip)', connectorsFigure, '≤ 40 kB');
  report('custom JWT page chunks beyond the first screen, index and editor (gzip)', customJwtFigure, '≤ 120 kB');
  report(
    'signed-in cold load to the API resources table with rows (median of 5)',
    `${ms(median(pageTimes))}, ${(median(pageTimes) / median(loadTimes)).toFixed(2)} × the cold load to the shell`,
    '≤ 1.25 ×',
  );
  if (!consoleOnly) {
    console.log('\nServer cold starts on the existing data folder:');
    const startTimes: number[] = [];
    let rss = 0;
    for (let run = 0; run < 5; run += 1) {
      const port = server.port;
      await server.stop();
      server = undefined;
      const started = performance.now();
      server = await startServer({ edition: 'cloud', dataDir, port });
      startTimes.push(performance.now() - started);
      rss = await rssOf(server.pid);
      console.log(`  run ${run + 1}: ${ms(startTimes.at(-1)!)}, RSS ${(rss / 2 ** 20).toFixed(0)} MiB`);
    }

    const refreshTimes: number[] = [];
    const live = session.via(server.url);
    for (let run = 0; run < 110; run += 1) {
      const started = performance.now();
      const { status } = await live.refresh({ resource: resourceIndicators.cloud });
      if (status !== 200) throw new Error(`refresh grant answered ${status}`);
      if (run >= 10) refreshTimes.push(performance.now() - started); // the first ten warm the process up
    }

    report('server cold start on an existing data folder (median of 5)', ms(median(startTimes)), '≤ 2 s');
    report('server RSS after start on PGlite', `${(rss / 2 ** 20).toFixed(0)} MiB`, '≤ 400 MB');
    report('token endpoint refresh grant p50', ms(percentile(refreshTimes, 50)), '≤ 15 ms');
    report('token endpoint refresh grant p95', ms(percentile(refreshTimes, 95)), '(none)');
  }
} finally {
  await browser.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

if (!consoleOnly) await benchServer();
