/** `unused`: for each lazy entry loading the group, the bytes of its modules that entry does not reach. */
export type Group = { modules: string[]; loaders: Set<string>; bytes: number; unused: Map<string, number> };

export type MergeLimits = {
  /** Below this size (of its modules' code as built, before minifying), a group is merged with another. */
  smallBytes: number;
  /**
   * How much code a lazy entry may load that it does not use, in all the merged groups it loads together: a page's
   * bytes beyond the first screen grow by this at most, however many groups it loads.
   */
  wasteBytes: number;
};

/** The merged code a page loads: what grouping the modules of the same loaders would cost and save, tuned on the build. */
export const mergeLimits: MergeLimits = { smallBytes: 20_000, wasteBytes: 30_000 };

const isSubset = (small: Set<string>, large: Set<string>) => [...small].every((item) => large.has(item));

/**
 * Merges each small group (in place, in `groups`) with the group that wastes the fewest bytes, as long as no lazy entry
 * then loads more than `wasteBytes` of code it does not use in all groups, and the merged code imports no group or
 * lazy entry that an entry loading it did not load already. `imports`: each module's static imports; `lazyLoaders`:
 * for each lazy entry, the lazy entries that reach it.
 */
export function mergeSmallGroups(groups: Group[], imports: Map<string, string[]>, lazyLoaders: Map<string, Set<string>>, limits = mergeLimits): Group[] {
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
  const wasted = (group: Group) => [...group.unused.values()].reduce((sum, bytes) => sum + bytes, 0);
  for (;;) {
    const candidates = groups.filter((group) => group.bytes < limits.smallBytes).sort((a, b) => a.bytes - b.bytes);
    let merged = false;
    for (const group of candidates) {
      // The partner that makes the fewest pages fetch code they do not use.
      const options = groups.flatMap((other) => {
        const result = other === group ? undefined : merge(group, other);
        return result ? [{ other, result, waste: wasted(result) - wasted(group) - wasted(other) }] : [];
      });
      const best = options.sort((a, b) => a.waste - b.waste)[0];
      if (!best) continue;
      for (const entry of best.result.loaders) wastedBy.set(entry, (wastedBy.get(entry) ?? 0) + added(best.result, group, best.other, entry));
      Object.assign(best.other, best.result);
      for (const id of group.modules) groupOf.set(id, best.other);
      groups.splice(groups.indexOf(group), 1);
      merged = true;
      break;
    }
    if (!merged) break;
  }
  return groups;
}
