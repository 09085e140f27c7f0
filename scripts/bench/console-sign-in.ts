/**
 * The console's sign-in, timed from the submit of the sign-in form until the signed-in shell shows its sidebar, in a
 * fresh browser context each time (empty HTTP cache and storage, as a first visit). Prints each run's time with the
 * requests and redirects between the two. `npm run bench` reports the median.
 */
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';

const ms = (value: number) => `${value.toFixed(0)} ms`;

export const benchConsoleSignIn = async (browser: Browser, serverUrl: string, account: { username: string; password: string }, runs = 5) => {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${serverUrl}/console`);
    await page.getByLabel('Username or e-mail').waitFor({ timeout: 30_000 });
    let requests = 0;
    let redirects = 0;
    page.on('request', (request) => {
      requests += 1;
      if (request.redirectedFrom()) redirects += 1;
    });
    await page.getByLabel('Username or e-mail').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    const started = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').first().waitFor({ timeout: 30_000 });
    const time = performance.now() - started;
    times.push(time);
    console.log(`  sign-in run ${run + 1}: ${ms(time)}, ${requests} requests, ${redirects} redirects`);
    await context.close();
  }
  return times;
};
