import type { Plugin } from 'vite';
import { staticImports } from './vite.static-imports.ts';

/**
 * The routes the signed-in first screen shows: the shell, the root redirect, the tenant pages and the default tenant
 * page. Their code is not split from the route tree (`splitBehavior` in vite.config.ts), so it is in the entry's static
 * imports: split, each would be one more request of a chunk that only re-exports its part of the first screen's.
 */
export const firstScreenRoutes: readonly string[] = ['/_console', '/_console/', '/_console/$tenantId', '/_console/$tenantId/get-started'];

/**
 * Puts every module of the first screen (the console's entry with its static imports, among them the routes above) in
 * one chunk. Otherwise the bundler splits what later pages share with the shell into dozens of tiny chunks, and the browser
 * fetches them all before the sidebar shows. Through a package's index (e.g. @mantine/core) only the files of the names
 * the first screen imports count; the rest of the package stays with the later pages that use it.
 */
export function firstScreenChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'gatehouse-first-screen-chunk',
    apply: 'build',
    async buildEnd() {
      modules.clear();
      const importsOf = staticImports(this);
      const pending = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        const { barrels, files } = await importsOf(id);
        for (const barrel of barrels) modules.add(barrel);
        pending.push(...files);
      }
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}
