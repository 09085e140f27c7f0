import { dirname, resolve } from 'node:path';
import type { Rollup } from 'vite';

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
 * A module's static imports as the bundle will load them. Through a package's index (e.g. @mantine/core, an index of
 * re-exports only) they are the files defining the names the module imports, not the whole package; `barrels` are the
 * indexes passed through so. One resolver per build step: it remembers the indexes it has read.
 */
export function staticImports(context: Rollup.PluginContext) {
  const barrels = new Map<string, Map<string, string> | undefined>();
  const barrelOf = (id: string) => {
    if (!barrels.has(id)) barrels.set(id, barrelSources(id, context.getModuleInfo(id)?.code ?? null));
    return barrels.get(id);
  };
  const idsByPath = new Map([...context.getModuleIds()].map((id) => [id.split('?')[0]!, id]));
  return async (id: string): Promise<{ barrels: string[]; files: string[] }> => {
    const info = context.getModuleInfo(id);
    const imported = info?.importedIds ?? [];
    if (!imported.some((dep) => barrelOf(dep))) return { barrels: [], files: [...imported] };
    const namesBySpec = new Map<string, string[] | 'all'>();
    for (const [, list, spec] of (info?.code ?? '').matchAll(namedImport)) {
      const names = namesBySpec.get(spec!);
      if (names !== 'all') namesBySpec.set(spec!, [...(names ?? []), ...specifiers(list!).map(([name]) => name)]);
    }
    const namesByBarrel = new Map<string, string[] | 'all'>();
    for (const [spec, names] of namesBySpec) {
      const target = (await context.resolve(spec, id))?.id;
      if (target && barrelOf(target)) namesByBarrel.set(target, names);
    }
    const passed: string[] = [];
    const files: string[] = [];
    for (const dep of imported) {
      const sources = barrelOf(dep);
      const names = namesByBarrel.get(dep);
      const defining = sources && Array.isArray(names) ? names.map((name) => sources.get(name)) : undefined;
      const deps = defining?.every((file) => file !== undefined) ? defining.map((file) => idsByPath.get(file)) : undefined;
      if (deps?.every((file) => file !== undefined)) {
        passed.push(dep);
        files.push(...deps);
      } else files.push(dep);
    }
    return { barrels: passed, files };
  };
}
