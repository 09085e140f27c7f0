import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { trackRequests } from './e2e-steps.ts';

/** Debian's Chromium; these flags keep it off the closed network (see the README). */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export const launchBrowser = (): Promise<Browser> =>
  chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });

/** A fresh browser profile (cookies, storage) — one per simulated person; `locale` sets Accept-Language and navigator.languages. */
export const newPerson = async (browser: Browser, locale = 'en-US'): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(30_000); // generous: CI is a busy two-core machine
  const page = await context.newPage();
  trackRequests(page);
  page.on('pageerror', (error) => console.error('[page error]', error.message));
  return { context, page };
};
