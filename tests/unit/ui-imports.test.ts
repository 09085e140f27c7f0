// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { expect, test } from 'vitest';

// The console's layers, top to bottom: routes, then pages and flows, then app-level containers (src/app), then the
// kits in src/ui. A kit is shared by pages, so it imports none of the layers above it: a page's folder holds only its
// page, and a kit needed by two pages lives in src/ui.
const above = ['src/routes/', 'src/pages/', 'src/flows/', 'src/app/', 'src/main.tsx', 'src/routeTree.gen.ts'];
const aliases: Record<string, string> = { '#src/': 'src/', '#machines/': 'machines/', '#schemas/': 'schemas/' };

const filesUnder = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : /\.tsx?$/.test(entry.name) ? [join(folder, entry.name)] : [],
  );

/** Every module a file imports (static, dynamic and type imports), as a path from the repository's root. */
const importsOf = (file: string, text: string) =>
  [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].flatMap(([, specifier = '']) => {
    const alias = Object.keys(aliases).find((prefix) => specifier.startsWith(prefix));
    if (alias) return [aliases[alias] + specifier.slice(alias.length)];
    return specifier.startsWith('.') ? [relative('.', normalize(join(dirname(file), specifier)))] : [];
  });

const climbingImports = (file: string, text: string) => importsOf(file, text).filter((target) => above.some((layer) => target.startsWith(layer)));

test('src/ui imports nothing from the routes, pages, flows or the app above it', () => {
  const climbing = filesUnder('src/ui').flatMap((file) => climbingImports(file, readFileSync(file, 'utf8')).map((target) => `${file} → ${target}`));
  expect(climbing).toEqual([]);
});

test('the check sees an import that climbs, however it is written', () => {
  const text = [
    "import { pageNames } from '../../pages/names.ts';",
    "import type { Flow } from '#src/flows/some-flow/Flow.tsx';",
    "const lazy = () => import('#src/app/services.ts');",
    "import { Button } from '../Button.tsx';",
    "import { roleTypes } from '#schemas/role-types.ts';",
  ].join('\n');
  expect(climbingImports('src/ui/table/Kit.tsx', text)).toEqual(['src/pages/names.ts', 'src/flows/some-flow/Flow.tsx', 'src/app/services.ts']);
});
