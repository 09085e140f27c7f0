/**
 * `npm test`: every suite, in order (the docs pages beside the end-to-end tests), and one closing line
 * `N passed, N failed`. `npm run test:fast` (`--fast`): the type check, lint, the unit and model-based tests and the
 * server tests on PGlite, the loop to run while working.
 * Type check and lint count as one check each; the rest are counted from Vitest's JSON report.
 * The server suite runs on in-memory PGlite; when DATABASE_URL is set (not in the fast loop), the files whose behaviour
 * depends on the engine's connections run again on PostgreSQL (tests/support/postgres-pass.ts).
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
/** Each failed test's name and the first lines of its message, repeated at the end where a log's tail shows them. */
const failedTests: string[] = [];
/** How long each part took, printed at the end. */
const timings: string[] = [];
const startedAt = Date.now();
const reports = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
const { DATABASE_URL: databaseUrl, ...baseEnv } = process.env;
const fast = process.argv.includes('--fast');
const colour = (env: NodeJS.ProcessEnv) => ({ ...env, FORCE_COLOR: env.CI ? '0' : '1' });

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = baseEnv) =>
  spawnSync(command, args, { stdio: 'inherit', env: colour(env) }).status ?? 1;

/** A command that runs alongside others: its output is printed whole, under its title, once it ends; its status. */
const runAlongside = (title: string, command: string, args: string[], env: NodeJS.ProcessEnv = baseEnv) =>
  new Promise<number>((resolve) => {
    const output: Buffer[] = [];
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: colour(env) });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.once('close', (status) => {
      console.log(`\n▶ ${title}\n${Buffer.concat(output).toString().trimEnd()}`);
      resolve(status ?? 1);
    });
  });

/** A check (type check, lint) that runs alongside the others; it counts as one. */
const check = async (title: string, command: string, args: string[]) => {
  const ok = (await runAlongside(title, command, args)) === 0;
  total[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failures.push(title);
};

const vitestArgs = (title: string, project: string | string[]) => {
  const outputFile = join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const projects = [project].flat().flatMap((name) => ['--project', name]);
  return { outputFile, args: ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`] };
};

/** A Vitest project's run, its output streamed. */
const suite = (title: string, project: string | string[], env: NodeJS.ProcessEnv = baseEnv) => {
  console.log(`\n▶ ${title}`);
  const { outputFile, args } = vitestArgs(title, project);
  const started = Date.now();
  tally(title, outputFile, run('npx', args, env));
  timings.push(`${title}: ${Math.round((Date.now() - started) / 1000)} s`);
};

/** A Vitest project's run alongside another; its output is printed once it ends. */
const suiteAlongside = async (title: string, project: string) => {
  const { outputFile, args } = vitestArgs(title, project);
  const started = Date.now();
  tally(title, outputFile, await runAlongside(title, 'npx', args));
  timings.push(`${title}: ${Math.round((Date.now() - started) / 1000)} s`);
};

/** A failure message without its stack. */
const firstLines = (message = '') => message.split('\n').filter((line) => !/^\s+at /.test(line)).slice(0, 8).join('\n    ').slice(0, 1200);

/** Counts a suite's tests from its JSON report. */
const tally = (title: string, outputFile: string, status: number) => {
  let counted: Tally | undefined;
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8')) as {
      numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numTotalTestSuites: number; numFailedTestSuites: number;
      testResults: { name: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
    };
    for (const file of report.testResults) {
      const failed = file.assertionResults.filter(({ status }) => status === 'failed');
      for (const { fullName, failureMessages } of failed) failedTests.push(`${title} › ${fullName}\n    ${firstLines(failureMessages?.[0])}`);
      if (!failed.length && file.message) failedTests.push(`${title} › ${file.name}\n    ${firstLines(file.message)}`);
    }
    counted = {
      passed: report.numPassedTests,
      // A suite that fails to load counts as a failure even though no test inside it ran.
      failed: report.numFailedTests + (report.numFailedTests === 0 && status !== 0 ? Math.max(1, report.numFailedTestSuites) : 0),
      skipped: report.numPendingTests + report.numTodoTests,
    };
  } catch {
    counted = undefined;
  }
  if (!counted) counted = { passed: 0, failed: 1, skipped: 0 };
  if (status === 0 && counted.passed === 0) counted.failed += 1; // a suite that ran no test is a failure
  total.passed += counted.passed;
  total.failed += counted.failed;
  total.skipped += counted.skipped;
  if (counted.failed > 0) failures.push(title);
};

// Lint takes a second beside the type check's quarter of a minute: both at once.
await Promise.all([check('type check', 'npx', ['tsc', '-p', '.']), check('lint', 'npm', ['run', '--silent', 'lint'])]);
suite('unit and model-based tests', ['logic', 'unit']);
suite('server API tests (PGlite)', 'server');
if (!fast) {
  if (databaseUrl) suite('server API tests (PostgreSQL: several connections)', 'server-postgres', { ...baseEnv, DATABASE_URL: databaseUrl });
  else console.log('\nDATABASE_URL is not set: the PostgreSQL run of the server tests is left out.');
  // Each story is checked in one look: light, dark in Japanese, or Arabic (.storybook/story-run.ts).
  suite('story tests (Chromium, each story in one of three looks)', 'stories');
  // The end-to-end tests, two files at a time, wait on their servers and browsers much of the time: the docs pages'
  // static build and check run beside them. (Four at a time took 460 s instead of about twice that, but twice in two
  // runs left a member removed from a tenant signed out after a reload, a race not yet found: tests/e2e/tenants.test.ts 5.)
  await Promise.all([
    suiteAlongside('Storybook docs pages (static build, Chromium)', 'storybook-docs'),
    suiteAlongside('end-to-end tests (Chromium)', 'e2e'),
  ]);
}

console.log(`\nTime: ${timings.join('; ')}; in all ${Math.round((Date.now() - startedAt) / 1000)} s`);
if (failedTests.length) console.log(`\nFailed tests:\n${failedTests.map((line) => `- ${line}`).join('\n')}`);
console.log(`\n${failures.length ? `Failed: ${failures.join(', ')}` : 'All suites passed.'}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
