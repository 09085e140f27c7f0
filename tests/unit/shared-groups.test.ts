// @vitest-environment node
import { expect, test } from 'vitest';
import { mergeGroups, type Group } from '../../vite.shared-groups.ts';

/** A fixed pseudo-random sequence, so that the case is the same on every run. */
const random = (seed: number) => () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;

/**
 * Many small groups of one module each, shared by random pairs and triples of eight pages: the shape that merging
 * small groups two by two can turn into a page loading several merged groups, each with some code it does not use.
 */
function sharedModules() {
  const next = random(21);
  const pages = Array.from({ length: 8 }, (_, index) => `page-${index}`);
  const loadersOf = new Map<string, Set<string>>();
  const bytesOf = new Map<string, number>();
  const groups: Group[] = [];
  for (let index = 0; index < 60; index += 1) {
    const loaders = new Set<string>();
    while (loaders.size < 2 + Math.floor(next() * 2)) loaders.add(pages[Math.floor(next() * pages.length)]!);
    const module = `module-${index}`;
    const bytes = 100 + Math.floor(next() * 400);
    loadersOf.set(module, loaders);
    bytesOf.set(module, bytes);
    groups.push({ modules: [module], loaders, bytes, unused: new Map() });
  }
  const lazyLoaders = new Map(pages.map((page) => [page, new Set([page])]));
  return { pages, loadersOf, bytesOf, groups, lazyLoaders };
}

test('merged groups cost each page at most the waste budget of code it does not use, in all the groups it loads together', () => {
  const { pages, loadersOf, bytesOf, groups, lazyLoaders } = sharedModules();
  const limits = { wasteBytes: 1_500 };
  const merged = mergeGroups([...groups], new Map(), lazyLoaders, limits);

  expect(merged.length).toBeLessThan(groups.length / 2);
  for (const page of pages) {
    // Counted from each module's own pages, not from the merge's bookkeeping.
    const unused = merged
      .filter((group) => group.modules.some((module) => loadersOf.get(module)!.has(page)))
      .flatMap((group) => group.modules.filter((module) => !loadersOf.get(module)!.has(page)))
      .reduce((sum, module) => sum + bytesOf.get(module)!, 0);
    expect(unused, page).toBeLessThanOrEqual(limits.wasteBytes);
  }
  // Every module is in exactly one group, loaded by every page that uses it.
  expect(merged.flatMap((group) => group.modules).sort()).toEqual([...loadersOf.keys()].sort());
  for (const group of merged) for (const module of group.modules) expect([...loadersOf.get(module)!].every((page) => group.loaders.has(page))).toBe(true);
});
