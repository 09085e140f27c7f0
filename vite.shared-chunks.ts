import type { Plugin } from 'vite';
import { staticImports } from './vite.static-imports.ts';
import { mergeGroups, type Group } from './vite.shared-groups.ts';

/**
 * The code the console's pages share, in fewer chunks. Left to itself, the bundler makes a chunk of every set of lazily
 * loaded chunks (pages, dialogs) that share code, down to one icon's, and a list page waited for some forty files.
 *
 * Each module outside the first screen that several lazy chunks reach through static imports starts in a group with
 * the modules reached by the same set (the bundler's own cut). Then groups are merged (vite.shared-groups.ts).
 * Code one lazy chunk alone uses stays in that chunk.
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
      const lazyLoaders = new Map([...lazy].map((entry) => [entry, reachedBy.get(entry)!]));
      const groups = mergeGroups([...byLoaders.values()], imports, lazyLoaders);
      groups.forEach((group, index) => {
        for (const id of group.modules) names.set(id, `shared-${index}`);
      });
    },
  };
  return { plugin, nameOf: (id) => names.get(id) ?? null };
}
