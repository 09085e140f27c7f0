import type { Browser } from './http-browser.ts';

/** Where a fetch-driven browser lands: a page (its HTML), or the app's redirect URI (`atApp`). */
export type Landing = { url: string; status: number; html: string; atApp: boolean };

/** Where a page that goes on at once (`<meta http-equiv="refresh" content="0;url=…">`) goes, as a browser reads it. */
export const refreshTarget = (html: string) => /<meta http-equiv="refresh" content="0;url=([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');

/** Follows redirects, and pages that go on at once, to a page (its HTML) or to `stopAt` (the app's redirect URI). */
export const walk = async (browser: Browser, response: Response, from: string, stopAt: string): Promise<Landing> => {
  const landed = await browser.follow(response, from, stopAt);
  const atApp = landed.url.startsWith(stopAt);
  const html = atApp ? '' : await landed.response.text();
  const next = refreshTarget(html);
  if (next) return walk(browser, await browser.request(new URL(next, landed.url).href), new URL(next, landed.url).href, stopAt);
  return { url: landed.url, status: landed.response.status, html, atApp };
};

