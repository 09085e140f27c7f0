import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe's own script, evaluated in the page (as a DevTools evaluation, which the console's CSP does not stop). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's default rules, and label-content-name-mismatch: a control's visible text must be part of its name. */
const options: RunOptions = { rules: { 'label-content-name-mismatch': { enabled: true } } };

export type AxeViolation = { rule: string; targets: string[] };

/** Runs axe on the page as it is; its violations, each with the elements it found. */
const axeViolations = async (page: Page): Promise<AxeViolation[]> => {
  await page.evaluate(axeSource);
  const results = await page.evaluate((runOptions) => (window as unknown as { axe: { run: (context: Document, options: RunOptions) => Promise<AxeResults> } }).axe.run(document, runOptions), options);
  return results.violations.map(({ id, nodes }) => ({ rule: id, targets: nodes.map(({ target }) => target.join(' ')) }));
};

const schemes = ['light', 'dark'] as const;

/**
 * Switches the page between light and dark as the system's setting would (the console follows it while its appearance
 * is 'Sync with system'), and waits until the page shows that theme.
 */
const useColorScheme = async (page: Page, scheme: (typeof schemes)[number]) => {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (expected) => matchMedia(`(prefers-color-scheme: ${expected})`).matches && (document.documentElement.dataset.mantineColorScheme ?? expected) === expected,
    scheme,
  );
};

/** axe's violations on the page as it is, in the light and then the dark theme; it is left in the light one. */
export const violationsInBothThemes = async (page: Page) => {
  const found: Array<{ scheme: string; violations: AxeViolation[] }> = [];
  for (const scheme of schemes) {
    await useColorScheme(page, scheme);
    found.push({ scheme, violations: await axeViolations(page) });
  }
  await useColorScheme(page, 'light');
  return found;
};

/** What violationsInBothThemes gives for a page without violations. */
export const noViolations = schemes.map((scheme) => ({ scheme, violations: [] }));
