/**
 * `npm test`: every suite, in order, and one closing line `N passed, N failed`.
 * Type check and lint count as one check each; the rest are counted from Vitest's JSON report.
 * The server suite runs on in-memory PGlite, and again on PostgreSQL when DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const failures: string[] = [];
const reports = mkdtempSync(join(tmpdir(), 'gatehouse-test-'));
const { DATABASE_URL: databaseUrl, ...baseEnv } = process.env;

const run = (command: string, args: string[], env: NodeJS.ProcessEnv = baseEnv) =>
  spawnSync(command, args, { stdio: 'inherit', env: { ...env, FORCE_COLOR: env.CI ? '0' : '1' } }).status ?? 1;

const check = (title: string, command: string, args: string[]) => {
  console.log(`\n▶ ${title}`);
  const ok = run(command, args) === 0;
  total[ok ? 'passed' : 'failed'] += 1;
  if (!ok) failures.push(title);
};

const suite = (title: string, project: string, env: NodeJS.ProcessEnv = baseEnv) => {
  console.log(`\n▶ ${title}`);
  const outputFile = join(reports, `${title.replace(/\W+/g, '-')}.json`);
  const status = run('npx', ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${outputFile}`], env);
  let counted: Tally | undefined;
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8')) as {
      numPassedTests: number; numFailedTests: number; numPendingTests: number; numTodoTests: number; numTotalTestSuites: number; numFailedTestSuites: number;
    };
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

check('type check', 'npx', ['tsc', '-p', '.']);
check('lint', 'npm', ['run', '--silent', 'lint']);
suite('unit and model-based tests', 'unit');
suite('server API tests (PGlite)', 'server');
if (databaseUrl) suite('server API tests (PostgreSQL)', 'server', { ...baseEnv, DATABASE_URL: databaseUrl });
else console.log('\nDATABASE_URL is not set: the PostgreSQL run of the server tests is left out.');
suite('story tests (Chromium, light theme)', 'stories');
// Each story is also checked in Japanese and Arabic (right to left) after it has played (see .storybook/story-run.ts).
// The dark theme is checked in Japanese, one extra run instead of two: axe cannot check the contrast of Arabic text.
suite('story tests (Chromium, dark theme, Japanese)', 'stories', { ...baseEnv, VITE_STORY_THEME: 'dark', VITE_STORY_LOCALE: 'ja' });
suite('story tests (Chromium, light theme, Arabic)', 'stories', { ...baseEnv, VITE_STORY_LOCALE: 'ar' });
suite('Storybook docs pages (static build, Chromium)', 'storybook-docs');
suite('end-to-end tests (Chromium)', 'e2e');

console.log(`\n${failures.length ? `Failed: ${failures.join(', ')}` : 'All suites passed.'}`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
