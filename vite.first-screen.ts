import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the signed-in first screen runs besides the entry's static imports: the route components of the shell, the root
 * redirect, the tenant pages and the default tenant page.
 */
const firstScreenRoots = [
  /src[\\/]routes[\\/]_console\.tsx\?tsr-split=component$/,
  /src[\\/]routes[\\/]_console[\\/](index|\$tenantId)\.tsx\?tsr-split=component$/,
  /src[\\/]routes[\\/]_console[\\/]\$tenantId[\\/]get-started\.tsx\?tsr-split=component$/,
];

const namedImport = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const namedReExport = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const defaultImport = /import\s+([\w$]+)\s+from\s*["']([^"']+)["']/g;
const anyStatement = /(?:import|export)\s*(?:[\w$*\s,]*(?:\{[^}]*\})?[\w$*\s,]*from\s*)?["'][^"']+["'];?|export\s*\{[^}]*\};?/g;
const comments = /\/\*[\s\S]*?\*\/|^\s*\/\/.*$/gm;
/** A directive such as "use client", which some packages' indexes open with. */
const directives = /^\s*["']use \w+["'];?\s*$/gm;

/** `a, b as c, default as d` → [[imported, local], …] */
function specifiers(list: string): [string, string][] {
  return list.split(',').map((part) => part.trim()).filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [imported, local = imported] = part.split(/\s+as\s+/);
      return [imported!, local!];
    });
}

/** A package's re-export index: only import and export statements. Maps each exported name to the file defining it. */
function barrelSources(id: string, code: string | null): Map<string, string> | undefined {
  if (!id.includes('node_modules') || code === null) return undefined;
  if (code.replace(comments, '').replace(directives, '').replace(anyStatement, '').trim() !== '') return undefined;
  const sources = new Map<string, string>();
  const source = (spec: string) => (spec.startsWith('.') ? resolve(dirname(id), spec) : spec);
  for (const [, list, spec] of code.matchAll(namedImport)) for (const [, local] of specifiers(list!)) sources.set(local, source(spec!));
  for (const [, local, spec] of code.matchAll(defaultImport)) sources.set(local!, source(spec!));
  for (const [, list, spec] of code.matchAll(namedReExport)) for (const [, exported] of specifiers(list!)) sources.set(exported, source(spec!));
  return sources;
}

/**
 * Puts every module of the first screen (the console's entry and the roots above, with their static imports) in one
 * chunk. Otherwise the bundler splits what later pages share with the shell into dozens of tiny chunks, and the browser
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
      const ids = [...this.getModuleIds()];
      const pending = ids.filter((id) => this.getModuleInfo(id)?.isEntry || firstScreenRoots.some((root) => root.test(id)));
      const barrels = new Map<string, Map<string, string> | undefined>();
      const barrelOf = (id: string) => {
        if (!barrels.has(id)) barrels.set(id, barrelSources(id, this.getModuleInfo(id)?.code ?? null));
        return barrels.get(id);
      };
      const idsByPath = new Map(ids.map((id) => [id.split('?')[0]!, id]));
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (modules.has(id)) continue;
        modules.add(id);
        const info = this.getModuleInfo(id);
        const imported = info?.importedIds ?? [];
        if (!imported.some((dep) => barrelOf(dep))) {
          pending.push(...imported);
          continue;
        }
        const namesBySpec = new Map<string, string[] | 'all'>();
        for (const [, list, spec] of (info?.code ?? '').matchAll(namedImport)) {
          const names = namesBySpec.get(spec!);
          if (names !== 'all') namesBySpec.set(spec!, [...(names ?? []), ...specifiers(list!).map(([name]) => name)]);
        }
        const namesByBarrel = new Map<string, string[] | 'all'>();
        for (const [spec, names] of namesBySpec) {
          const target = (await this.resolve(spec, id))?.id;
          if (target && barrelOf(target)) namesByBarrel.set(target, names);
        }
        for (const dep of imported) {
          const sources = barrelOf(dep);
          const names = namesByBarrel.get(dep);
          const files = sources && Array.isArray(names) ? names.map((name) => sources.get(name)) : undefined;
          const deps = files?.every((file) => file !== undefined) ? files.map((file) => idsByPath.get(file)) : undefined;
          if (deps?.every((file) => file !== undefined)) {
            modules.add(dep);
            pending.push(...deps);
          } else pending.push(dep);
        }
      }
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}
