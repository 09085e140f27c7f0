import type { Plugin } from 'vite';

/**
 * What the signed-in first screen runs besides the entry's static imports: the sign-in client, which the entry loads
 * lazily, and the route components of the shell, the root redirect, the tenant pages and the default tenant page.
 */
const firstScreenRoots = [
  /node_modules[\\/]@logto[\\/]browser[\\/]lib[\\/]index\.js$/,
  /src[\\/]routes[\\/]_console\.tsx\?tsr-split=component$/,
  /src[\\/]routes[\\/]_console[\\/](index|\$tenantId)\.tsx\?tsr-split=component$/,
  /src[\\/]routes[\\/]_console[\\/]\$tenantId[\\/]get-started\.tsx\?tsr-split=component$/,
];

/**
 * Puts every module of the first screen (the console's entry and the roots above, with their static imports) in one
 * chunk. Otherwise the bundler splits what later pages share with the shell into dozens of tiny chunks, and the browser
 * fetches them all before the sidebar shows.
 */
export function firstScreenChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'gatehouse-first-screen-chunk',
    apply: 'build',
    buildEnd() {
      modules.clear();
      const ids = [...this.getModuleIds()];
      const pending = ids.filter((id) => this.getModuleInfo(id)?.isEntry || firstScreenRoots.some((root) => root.test(id)));
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}
