/** `unused`: for each lazy entry loading the group, the bytes of its modules that entry does not reach. */
export type Group = { modules: string[]; loaders: Set<string>; bytes: number; unused: Map<string, number> };

export type MergeLimits = {
  /**
   * How much code a lazy entry may load that it does not use, in all the merged groups it loads together: a page's
   * bytes beyond the first screen grow by this at most, however many groups it loads.
   */
  wasteBytes: number;
};

/**
 * The merged code a page loads, tuned on the build: a list page loads about half the files it did with 30 kB (the
 * applications list 8 beyond the first screen's instead of 18), for 1 to 5 kB gzip more.
 */
export const mergeLimits: MergeLimits = { wasteBytes: 100_000 };

const isSubset = (small: Set<string>, large: Set<string>) => [...small].every((item) => large.has(item));

/**
 * Merges groups (in place, in `groups`) two by two, first the pair whose entries load the fewest bytes they do not use
 * for each file they no longer load, as long as no lazy entry then loads more than `wasteBytes` of code it does not
 * use in all groups, and the merged code imports no group or lazy entry that an entry loading it did not load already.
 * `imports`: each module's static imports; `lazyLoaders`: for each lazy entry, the lazy entries that reach it.
 */
export function mergeGroups(groups: Group[], imports: Map<string, string[]>, lazyLoaders: Map<string, Set<string>>, limits = mergeLimits): Group[] {
  const groupOf = new Map<string, Group>();
  for (const group of groups) for (const id of group.modules) groupOf.set(id, group);
  /** The groups a group's modules import, and the lazy entries they import (their own chunks). */
  const importsOf = (group: Group) => {
    const imported = new Set<Group | string>();
    for (const id of group.modules) {
      for (const dep of imports.get(id) ?? []) {
        const target = groupOf.get(dep) ?? (lazyLoaders.has(dep) ? dep : undefined);
        if (target && target !== group) imported.add(target);
      }
    }
    return imported;
  };
  const loadersOf = (target: Group | string) => (typeof target === 'string' ? lazyLoaders.get(target)! : target.loaders);
  /** For each lazy entry, the bytes it loads and does not use, in all groups. */
  const wastedBy = new Map<string, number>();
  const unusedIn = (group: Group, entry: string) => (group.loaders.has(entry) ? group.unused.get(entry) ?? 0 : 0);
  const added = (merged: Group, a: Group, b: Group, entry: string) => merged.unused.get(entry)! - unusedIn(a, entry) - unusedIn(b, entry);
  const merge = (a: Group, b: Group): Group | undefined => {
    const loaders = new Set([...a.loaders, ...b.loaders]);
    const merged: Group = { modules: [...a.modules, ...b.modules], loaders, bytes: a.bytes + b.bytes, unused: new Map() };
    for (const entry of loaders) {
      merged.unused.set(entry, (a.loaders.has(entry) ? unusedIn(a, entry) : a.bytes) + (b.loaders.has(entry) ? unusedIn(b, entry) : b.bytes));
      if ((wastedBy.get(entry) ?? 0) + added(merged, a, b, entry) > limits.wasteBytes) return undefined;
    }
    const imported = [...importsOf(a), ...importsOf(b)].filter((target) => target !== a && target !== b);
    return imported.every((target) => isSubset(loaders, loadersOf(target))) ? merged : undefined;
  };
  /** The entries that load both: each loads a file fewer once they are one. A merge no entry shares saves no request. */
  const shared = (a: Group, b: Group) => [...a.loaders].filter((entry) => b.loaders.has(entry)).length;
  for (;;) {
    // The merge that makes pages fetch the least code they do not use for each file they no longer fetch.
    let best: { group: Group; other: Group; result: Group; cost: number } | undefined;
    for (const [index, group] of groups.entries()) {
      for (const other of groups.slice(index + 1)) {
        const saved = shared(group, other);
        const result = saved > 0 ? merge(group, other) : undefined;
        if (!result) continue;
        const cost = [...result.loaders].reduce((sum, entry) => sum + added(result, group, other, entry), 0) / saved;
        if (!best || cost < best.cost) best = { group, other, result, cost };
      }
    }
    if (!best) break;
    const { group, other, result } = best;
    for (const entry of result.loaders) wastedBy.set(entry, (wastedBy.get(entry) ?? 0) + added(result, group, other, entry));
    Object.assign(other, result);
    for (const id of group.modules) groupOf.set(id, other);
    groups.splice(groups.indexOf(group), 1);
  }
  return groups;
}
