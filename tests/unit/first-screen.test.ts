// @vitest-environment node
import { relative } from 'node:path';
import { build, type Rollup } from 'vite';
import { beforeAll, expect, test } from 'vitest';
import { locales } from '#schemas/locales.ts';
import { readCatalog, type Catalog } from '../support/catalogs.ts';
import { preloadManifestFile, preloadsOf, readPreloadManifest, type PreloadManifest } from '#server/console-preload.ts';

// The console as `npm run build` makes it, in memory: which modules each chunk holds, and what each chunk imports.
let chunks: Rollup.OutputChunk[] = [];
/** The build's catalogs (assets/messages-<key>-<locale>.js): each message's compiled text, by key and locale. */
const catalogs = new Map<string, Map<string, Record<string, unknown>>>();
let en: Catalog = {};
let preloads: PreloadManifest | undefined;
let indexHtml = '';
/** The build's stylesheets. */
let stylesheets: string[] = [];
beforeAll(async () => {
  en = await readCatalog('en');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const output = (await build({ mode: 'production', logLevel: 'silent', build: { write: false } })) as Rollup.RollupOutput;
    chunks = output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
    stylesheets = output.output.map((item) => item.fileName).filter((file) => file.endsWith('.css'));
    const index = output.output.find((item) => item.fileName === 'index.html');
    indexHtml = index?.type === 'asset' ? String(index.source) : '';
    const manifest = output.output.find((item) => item.fileName === preloadManifestFile);
    preloads = readPreloadManifest(manifest?.type === 'asset' ? String(manifest.source) : undefined);
    for (const asset of output.output) {
      const [, key, locale] = new RegExp(`^assets/messages-(.+)-(${locales.join('|')})\\.js$`).exec(asset.fileName) ?? [];
      if (asset.type !== 'asset' || !key || !locale) continue;
      const { messages } = (await import(`data:text/javascript,${encodeURIComponent(String(asset.source))}`)) as { messages: Record<string, unknown> };
      if (!catalogs.has(key)) catalogs.set(key, new Map());
      catalogs.get(key)!.set(locale, messages);
    }
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
}, 120_000);

const modulesOf = (chunk: Rollup.OutputChunk) => Object.keys(chunk.modules).map((id) => relative(process.cwd(), id).replaceAll('\\', '/'));
const chunkNamed = (name: string) => chunks.find((chunk) => chunk.name === name)!;
/** A chunk and every chunk it imports statically: what the browser fetches before it runs. */
const withStaticImports = (chunk: Rollup.OutputChunk): Rollup.OutputChunk[] => {
  const seen = new Map([[chunk.fileName, chunk]]);
  for (const current of seen.values()) {
    for (const file of current.imports) if (!seen.has(file)) seen.set(file, chunks.find((item) => item.fileName === file)!);
  }
  return [...seen.values()];
};

test("the first screen holds no management API calls, guards, or guides: they load with their entity's pages", () => {
  const shell = modulesOf(chunkNamed('shell'));
  expect(shell).toContain('src/api/client.ts');
  expect(shell.filter((id) => /^src\/api\/management\/|^src\/pages\/[\w-]+\/guides\.ts$|^schemas\/(application|role|resource)\.ts$/.test(id))).toEqual([]);
});

test("through a package's index, the first screen takes only the names it imports, also when the index opens with a directive", () => {
  const shell = modulesOf(chunkNamed('shell'));
  expect(shell).toContain('node_modules/@tanstack/react-router/dist/esm/link.js');
  // "use client" opens the router's index; the unsaved-changes guard of the detail pages is the only user of useBlocker.
  expect(shell).not.toContain('node_modules/@tanstack/react-router/dist/esm/useBlocker.js');
});

test('the API resources list loads no popover code (tooltips and menus wait for the first interaction)', () => {
  const page = chunks.find((chunk) => modulesOf(chunk).includes('src/pages/api-resources/ApiResourcesPage.tsx'))!;
  const modules = withStaticImports(page).flatMap(modulesOf);
  expect(modules).toContain('src/ui/detail/CopyableId.tsx');
  expect(modules.filter((id) => id.includes('@floating-ui'))).toEqual([]);
});

/** The id of an English source message. */
const idOf = (message: string) => Object.entries(en).find(([, entry]) => entry.message === message)![0];
/** The catalogs whose key a chunk's code names, e.g. beside a dynamic import. */
const catalogsNamedIn = (code: string) => [...catalogs.keys()].filter((key) => code.includes(`\`${key}\``) || code.includes(`"${key}"`));
const holds = (key: string, message: string) => [...catalogs.get(key)!.values()].every((messages) => idOf(message) in messages);
/** The catalog key the build gave with an `import()` of `file` in `code` (vite.catalogs.ts): named before the next import. */
const keysBesideImportsOf = (code: string, file: string) =>
  code.split(`import(\`./${file.replace('assets/', '')}\`)`).slice(1).map((after) => catalogsNamedIn(after.split('import(')[0]!)[0]);
/** The first screen's catalog: the one the shell names that holds the sidebar's label. */
const firstScreenCatalog = () => catalogsNamedIn(chunkNamed('shell').code).filter((key) => holds(key, 'Main navigation'));

test("the first screen's catalog holds the shell's messages and not a page's, in every language", () => {
  const [first, ...others] = firstScreenCatalog();
  expect(others).toEqual([]);
  expect([...catalogs.get(first!)!.keys()].sort()).toEqual([...locales].sort());
  expect(holds(first!, 'Main navigation')).toBe(true);
  expect(holds(first!, 'API resources')).toBe(true); // the sidebar's
  // The API resources list's own messages, and a dialog's that the first screen loads only when it opens.
  for (const message of ['Search by name or identifier', 'API identifier', 'Ask questions and talk with other developers.']) {
    expect(Object.hasOwn(catalogs.get(first!)!.get('en')!, idOf(message)), message).toBe(false);
  }
  expect(Object.keys(catalogs.get(first!)!.get('en')!).length).toBeLessThan(Object.keys(en).length / 3);
});

/** The chunk of a tenant page's route component (with its loader): `path` under src/routes/_console/$tenantId/. */
const routeChunk = (path: string) =>
  chunks.find((chunk) => modulesOf(chunk).some((id) => id.startsWith(`src/routes/_console/$tenantId/${path}?tsr-split=`) && id.includes('component')))!;

test('the first screen\'s routes are in its chunk, not in chunks of their own that would only re-export it', () => {
  const routeModules = chunks.flatMap(modulesOf).filter((id) => /^src\/routes\/_console(\.tsx|\/index\.tsx|\/\$tenantId\.tsx|\/\$tenantId\/get-started\.tsx)/.test(id));
  expect(routeModules.sort()).toEqual(['src/routes/_console.tsx', 'src/routes/_console/$tenantId.tsx', 'src/routes/_console/$tenantId/get-started.tsx', 'src/routes/_console/index.tsx']);
  expect(routeModules.every((id) => modulesOf(chunkNamed('shell')).includes(id))).toBe(true);
});

test('a list page loads its code in a few files: its route (component and loader in one chunk) and the shared code in chunks of a few kB at least', () => {
  for (const path of ['applications/index.tsx', 'api-resources/index.tsx', 'users/index.tsx']) {
    const files = withStaticImports(routeChunk(path)).filter((chunk) => chunk.name !== 'shell' && !chunk.fileName.includes('rolldown-runtime'));
    const styles = new Set(files.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]));
    expect(files.length + styles.size, path).toBeLessThanOrEqual(20); // some forty before shared chunks were merged
  }
});

test("opening the API resources list loads its catalog beside its code: the page's text in every language", () => {
  const page = routeChunk('api-resources/index.tsx');
  // Imported twice, for the route's component and for its loader, which are in that one chunk.
  const [key, ...others] = new Set(keysBesideImportsOf(chunkNamed('shell').code, page.fileName));
  expect(others).toEqual([]);
  expect(key).toBeDefined();
  expect(holds(key!, 'Search by name or identifier')).toBe(true);
  expect(holds(key!, 'API identifier')).toBe(true);
  expect(holds(key!, 'Main navigation')).toBe(false);
  const de = catalogs.get(key!)!.get('de')![idOf('Search by name or identifier')];
  expect(JSON.stringify(de)).not.toContain('Search by name or identifier');
});

test('every catalog key placeholder is filled in', () => {
  expect(chunks.filter((chunk) => chunk.code.includes('__gatehouse_catalog_')).map((chunk) => chunk.fileName)).toEqual([]);
});

test('every chunk loaded after the first screen comes with its text: each import of it names a catalog with the messages it uses that the first screen lacks', () => {
  const ids = new Set(Object.keys(en));
  const first = new Set(Object.keys(catalogs.get(firstScreenCatalog()[0]!)!.get('en')!));
  const usedBy = (chunk: Rollup.OutputChunk) => [...chunk.code.matchAll(/[`"']([\w-]{6})[`"']/g)].map(([, id]) => id!).filter((id) => ids.has(id));
  const checked: string[] = [];
  for (const importer of chunks) {
    for (const file of importer.dynamicImports) {
      const target = chunks.find((chunk) => chunk.fileName === file);
      if (!target) continue;
      const needed = [...new Set(withStaticImports(target).flatMap(usedBy))].filter((id) => !first.has(id));
      if (needed.length === 0) continue;
      const keys = keysBesideImportsOf(importer.code, file);
      expect(keys.length, `${importer.fileName} → ${file}`).toBeGreaterThan(0);
      for (const key of keys) {
        const messages = key ? catalogs.get(key)!.get('en')! : {};
        expect(needed.filter((id) => !(id in messages)), `${importer.fileName} → ${file}`).toEqual([]);
      }
      checked.push(file);
    }
  }
  expect(checked.length).toBeGreaterThan(20);
});

test("the page the server sends for the applications list names the list's code, its CSS and its catalog, and the first screen's catalog", () => {
  const files = preloadsOf(preloads!, '/acme/applications', 'fr');
  const route = routeChunk('applications/index.tsx');
  const needed = withStaticImports(route).filter((chunk) => chunk.name !== 'shell' && !chunk.fileName.includes('rolldown-runtime'));
  const styles = needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);
  expect(files.filter((file) => !file.includes('messages-')).sort()).toEqual([...new Set([...needed.map((chunk) => chunk.fileName), ...styles])].sort());
  const [firstScreen] = firstScreenCatalog();
  const [listCatalog] = keysBesideImportsOf(chunkNamed('shell').code, route.fileName);
  expect(files.filter((file) => file.includes('messages-')).sort()).toEqual([`assets/messages-${firstScreen}-fr.js`, `assets/messages-${listCatalog}-fr.js`].sort());
  // An application's settings page is not the list: a page only preloads its own routes.
  expect(preloadsOf(preloads!, '/acme/applications/app1/settings', 'fr')).not.toContain(route.fileName);
});

test("the first screen has its own stylesheet, which the page links; the applications list adds one, the later pages' shared one", () => {
  const shellStyles = [...(chunkNamed('shell').viteMetadata?.importedCss ?? [])];
  expect(shellStyles).toHaveLength(1);
  expect(indexHtml).toContain(`<link rel="stylesheet" crossorigin href="/console/${shellStyles[0]}">`);
  const shared = stylesheets.filter((file) => /\/pages-[\w-]+\.css$/.test(file));
  expect(shared).toHaveLength(1);
  const needed = withStaticImports(routeChunk('applications/index.tsx')).filter((chunk) => chunk.name !== 'shell');
  expect(new Set(needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))).toEqual(new Set(shared));
  // The rules few pages need stay with them, in their chunks' own stylesheets.
  expect(stylesheets.length).toBeGreaterThan(2);
});

test('the page carries its icon: no request for it', () => {
  expect(indexHtml).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg[^"]*"/);
  expect(indexHtml).not.toContain('favicon.svg');
});
