import type { Plugin } from 'vite';
import { staticImports } from './vite.static-imports.ts';

/**
 * Below this size (of its modules' code as built, before minifying), a chunk of shared code is merged with another; and
 * how much code a page may load that it does not use, in each chunk merged so.
 */
const smallBytes = 20_000;

/** `unused`: for each lazy entry loading the group, the bytes of its modules that entry does not reach. */
type Group = { modules: string[]; loaders: Set<string>; bytes: number; unused: Map<string, number> };

const isSubset = (small: Set<string>, large: Set<string>) => [...small].every((item) => large.has(item));

/**
 * The code the console's pages share, in fewer chunks. Left to itself, the bundler makes a chunk of every set of lazily
 * loaded chunks (pages, dialogs) that share code, down to one icon's, and a list page waited for some forty files.
 *
 * Each module outside the first screen that several lazy chunks reach through static imports starts in a group with
 * the modules reached by the same set (the bundler's own cut). Then each small group is merged with the group that
 * wastes the fewest bytes, as long as no lazy chunk loads more than `smallBytes` of a group's code that it does not use,
 * and the merged code imports no chunk that a lazy chunk loading it did not load already. Code one lazy chunk alone
 * uses stays in that chunk.
 */
export function sharedChunks(inFirstScreen: (id: string) => boolean): { plugin: Plugin; nameOf: (id: string) => string | null } {
  const names = new Map<string, string>();
  const plugin: Plugin = {
    name: 'gatehouse-shared-chunks',
    apply: 'build',
    async buildEnd() {
      names.clear();
      const ids = [...this.getModuleIds()];
      const resolveImports = staticImports(this);
      /** Each module's static imports outside the first screen, through package indexes. */
      const imports = new Map<string, string[]>();
      const importsOfModule = async (id: string) => {
        if (!imports.has(id)) imports.set(id, (await resolveImports(id)).files.filter((dep) => !inFirstScreen(dep)));
        return imports.get(id)!;
      };
      const lazy = new Set(ids.flatMap((id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? []).filter((id) => !inFirstScreen(id)));
      /** The lazy chunks' entries that reach each module through static imports (outside the first screen). */
      const reachedBy = new Map<string, Set<string>>();
      for (const entry of lazy) {
        const pending = [entry];
        const seen = new Set(pending);
        for (const id of pending) {
          if (!reachedBy.has(id)) reachedBy.set(id, new Set());
          reachedBy.get(id)!.add(entry);
          for (const dep of await importsOfModule(id)) {
            if (!seen.has(dep)) {
              seen.add(dep);
              pending.push(dep);
            }
          }
        }
      }
      const byLoaders = new Map<string, Group>();
      for (const [id, loaders] of reachedBy) {
        if (loaders.size < 2 || lazy.has(id)) continue;
        const key = [...loaders].sort().join('\n');
        const group: Group = byLoaders.get(key) ?? { modules: [], loaders, bytes: 0, unused: new Map() };
        group.modules.push(id);
        group.bytes += this.getModuleInfo(id)?.code?.length ?? 0;
        byLoaders.set(key, group);
      }
      const groups = [...byLoaders.values()];
      const groupOf = new Map<string, Group>();
      for (const group of groups) for (const id of group.modules) groupOf.set(id, group);
      /** The groups a group's modules import, and the lazy entries they import (their own chunks). */
      const importsOf = (group: Group) => {
        const imported = new Set<Group | string>();
        for (const id of group.modules) {
          for (const dep of imports.get(id) ?? []) {
            const target = groupOf.get(dep) ?? (lazy.has(dep) ? dep : undefined);
            if (target && target !== group) imported.add(target);
          }
        }
        return imported;
      };
      const loadersOf = (target: Group | string) => (typeof target === 'string' ? reachedBy.get(target)! : target.loaders);
      /** The merge of two groups, unless it would make an entry load more than `smallBytes` it does not use. */
      const merge = (a: Group, b: Group) => {
        const loaders = new Set([...a.loaders, ...b.loaders]);
        const unused = new Map<string, number>();
        for (const entry of loaders) {
          const bytes = (a.loaders.has(entry) ? a.unused.get(entry) ?? 0 : a.bytes) + (b.loaders.has(entry) ? b.unused.get(entry) ?? 0 : b.bytes);
          if (bytes > smallBytes) return undefined;
          unused.set(entry, bytes);
        }
        const imported = [...importsOf(a), ...importsOf(b)].filter((target) => target !== a && target !== b);
        if (!imported.every((target) => isSubset(loaders, loadersOf(target)))) return undefined;
        return { modules: [...a.modules, ...b.modules], loaders, bytes: a.bytes + b.bytes, unused };
      };
      const wasted = (group: Group) => [...group.unused.values()].reduce((sum, bytes) => sum + bytes, 0);
      for (;;) {
        const candidates = groups.filter((group) => group.bytes < smallBytes).sort((a, b) => a.bytes - b.bytes);
        let merged = false;
        for (const group of candidates) {
          // The partner that makes the fewest pages fetch code they do not use.
          const options = groups.flatMap((other) => {
            const result = other === group ? undefined : merge(group, other);
            return result ? [{ other, result, waste: wasted(result) - wasted(group) - wasted(other) }] : [];
          });
          const best = options.sort((a, b) => a.waste - b.waste)[0];
          if (!best) continue;
          Object.assign(best.other, best.result);
          for (const id of group.modules) groupOf.set(id, best.other);
          groups.splice(groups.indexOf(group), 1);
          merged = true;
          break;
        }
        if (!merged) break;
      }
      groups.forEach((group, index) => {
        for (const id of group.modules) names.set(id, `shared-${index}`);
      });
    },
  };
  return { plugin, nameOf: (id) => names.get(id) ?? null };
}
