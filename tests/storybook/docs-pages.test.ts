import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newPerson } from '../support/browser.ts';
import { storybookFolder } from '../support/build-storybook.ts';
import { settle } from '../support/e2e-steps.ts';

type IndexEntry = { id: string; title: string; type: 'docs' | 'story'; importPath: string };
const index = JSON.parse(await readFile(path.join(storybookFolder(), 'index.json'), 'utf8')) as { entries: Record<string, IndexEntry> };
const docsPages = Object.values(index.entries).filter((entry) => entry.type === 'docs');

/** The docs page has rendered: Storybook's error display is up, or the title is there and every machine graph is drawn. */
const rendered = () =>
  document.body.classList.contains('sb-show-errordisplay') ||
  (document.querySelector('#storybook-docs h1') !== null &&
    [...document.querySelectorAll('#storybook-docs figure')].every((figure) => figure.querySelector('svg, [role="alert"]')));

/** The text of Storybook's error display, in the page or in a story's frame, when it is shown. */
const errorShown = async (page: Page) => {
  // The page and its stories' frames; frames the stories open themselves are left out.
  for (const frame of page.frames().filter((each) => new URL(each.url() || 'about:blank').pathname === '/iframe.html')) {
    const shown = await frame.evaluate(() =>
      document.body.classList.contains('sb-show-errordisplay') ? (document.querySelector('.sb-errordisplay')?.textContent ?? '').trim().slice(0, 300) : '',
    );
    if (shown) return `${frame === page.mainFrame() ? 'page' : frame.url()}: ${shown}`;
  }
  return '';
};

/**
 * The page's own text (title, description, lists) and its machine graphs, each brought into view: those that something
 * else covers at their centre, such as a modal's backdrop, with what covers them.
 */
const coveredDocs = (page: Page) =>
  page.evaluate(() => {
    const blocks = [...document.querySelectorAll<HTMLElement>('#storybook-docs :is(h1, h2, h3, p, li, figure)')].filter(
      (block) => !block.parentElement?.closest('.docs-story, figure'),
    );
    const named = (element: Element) =>
      `<${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? ` class="${element.className}"` : ''}>`;
    return blocks.flatMap((block) => {
      block.scrollIntoView({ block: 'center' });
      const box = block.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
      const top = document.elementFromPoint(x, y);
      return top && (block === top || block.contains(top))
        ? []
        : [`${named(block)} "${(block.textContent ?? '').trim().slice(0, 40)}" is covered by ${top ? named(top) : 'nothing'}`];
    });
  });

/**
 * Issue 12: every docs page of the static Storybook, as a designer opens it, shows its description and machine graph:
 * no error display, and nothing (such as a story's modal with its backdrop) laid over them.
 */
describe('Storybook docs pages (static build)', () => {
  let server: ServerType;
  let origin = '';
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    const app = new Hono().use(serveStatic({ root: storybookFolder() }));
    [server, browser] = await Promise.all([
      new Promise<ServerType>((resolve) => {
        const started = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(started));
      }),
      launchBrowser(),
    ]);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ({ page } = await newPerson(browser));
    page.on('pageerror', (error) => pageErrors.push(error.message));
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await page.screenshot({ path: path.join(tmpdir(), `gatehouse-storybook-${task.name.replace(/\W+/g, '-')}.png`) }).catch(() => {});
  });

  test('the build has a docs page for each MDX file of the stories', async () => {
    const mdxFiles = (await readdir(path.resolve(import.meta.dirname, '../../stories'), { recursive: true })).filter((file) => file.endsWith('.mdx'));
    expect(docsPages.map(({ importPath }) => importPath)).toEqual(expect.arrayContaining(mdxFiles.map((file) => `./stories/${file}`)));
  });

  test.for(docsPages)('$title', async ({ id }) => {
    pageErrors.length = 0;
    await page.goto(`${origin}/iframe.html?id=${id}&viewMode=docs`);
    // A page renders all its stories: beside the end-to-end tests on two cores, the heaviest take far longer than alone.
    await page.waitForFunction(rendered, undefined, { timeout: 90_000 });
    // Stories render after the page's text, and modals open with a transition.
    await settle(page);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));
    expect(await errorShown(page)).toBe('');
    expect(pageErrors).toEqual([]);
    expect(await coveredDocs(page)).toEqual([]);
  });
});
