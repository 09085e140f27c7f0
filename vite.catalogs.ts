import { createHash } from 'node:crypto';
import path from 'node:path';
import { getConfig, type LinguiConfigNormalized } from '@lingui/conf';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { parseAst } from 'rolldown/parseAst';
import type { Plugin, Rollup } from 'vite';

const virtualId = 'virtual:gatehouse-catalogs';
const resolvedVirtualId = `\0${virtualId}`;
const runtime = path.resolve(import.meta.dirname, 'src/i18n/catalogs.ts');
const source = path.resolve(import.meta.dirname, 'src');
/** Stands for a catalog's key in the code until the chunks are known: `n` is a dynamic import's target, `first` the first screen. */
const placeholder = (target: number | 'first') => `__gatehouse_catalog_${target}__`;
const placeholders = /__gatehouse_catalog_(\d+|first)__/g;
/** A quoted string without spaces: what a message id looks like in the compiled code (`i18n._({ id: "8GKTlg" })`). */
const quoted = /["'`]([^"'`\\\s]{1,64})["'`]/g;

type Catalogs = { ids: Set<string>; compile: (locale: string, ids: Iterable<string>) => string; locales: readonly string[] };

async function readCatalogs(config: LinguiConfigNormalized): Promise<Catalogs> {
  const [catalog] = await getCatalogs(config);
  const translations = new Map<string, Record<string, string>>();
  for (const locale of config.locales) {
    const { messages } = await catalog!.getTranslations(locale, { fallbackLocales: config.fallbackLocales, sourceLocale: config.sourceLocale });
    translations.set(locale, messages);
  }
  return {
    ids: new Set(Object.keys(translations.get(config.sourceLocale) ?? {})),
    locales: config.locales,
    compile: (locale, ids) => {
      const all = translations.get(locale)!;
      const messages = Object.fromEntries([...ids].map((id) => [id, all[id]!]));
      const { source: code, errors } = createCompiledCatalog(locale, messages, { namespace: 'es', outputPrefix: '' });
      if (errors.length) throw new Error(`${locale} catalog: ${errors.map(({ id, error }) => `${id}: ${String(error)}`).join('; ')}`);
      return code;
    },
  };
}

/** The ImportExpressions of a module whose source is a string literal, last first (so edits keep earlier offsets). */
function literalImports(code: string) {
  const found: { start: number; end: number; specifier: string }[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const { type, source: specifier, start, end } = node as { type?: string; source?: { type: string; value: unknown }; start: number; end: number };
    if (type === 'ImportExpression' && specifier?.type === 'Literal' && typeof specifier.value === 'string') found.push({ start, end, specifier: specifier.value });
    for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value);
  };
  visit(parseAst(code));
  return found.sort((a, b) => b.start - a.start);
}

/**
 * The console's messages in catalogs cut along the build's chunks: the first screen's catalog holds the messages of
 * the code the first screen loads, and each dynamic import of the console's code loads, beside that code and at the
 * same time, a catalog of the messages the code it brings uses (a page's, a dialog's), in the active language.
 *
 * The build wraps each such `import()` in `withCatalog(import(…), key)` (src/i18n/catalogs.ts), with the key of the
 * catalog filled in once the chunks are known, and writes every catalog as `assets/messages-<key>-<locale>.js`, its key
 * a hash of its contents. Which messages a chunk uses is read from its code, so a new message lands in the catalog of
 * the code that uses it with no list kept by hand. Outside a build (dev, tests, stories) each language's whole catalog
 * loads as one.
 */
export function splitCatalogs(): { plugins: Plugin[]; firstScreenCatalog: () => string; catalogKeyOf: (moduleId: string) => string | undefined } {
  let catalogs: Promise<Catalogs> | undefined;
  let config: LinguiConfigNormalized | undefined;
  const linguiConfig = () => (config ??= getConfig({ cwd: import.meta.dirname, configPath: path.join(import.meta.dirname, 'lingui.config.ts') }));
  /** The dynamic imports' targets (resolved ids), by their placeholder number. */
  const targets: string[] = [];
  let keys: Map<string, string> | undefined;
  /** Each catalog written, by key: its code in each locale. */
  const written = new Map<string, Map<string, string>>();
  let splitting = false;

  const virtualModule: Plugin = {
    name: 'gatehouse-catalogs',
    resolveId: (id) => (id === virtualId ? resolvedVirtualId : undefined),
    async load(id) {
      if (id !== resolvedVirtualId) return undefined;
      if (splitting) {
        return [
          `export const firstScreenCatalog = ${JSON.stringify(placeholder('first'))};`,
          // Relative to the chunk this lands in, which is in the assets folder with the catalogs.
          'export const loadMessages = async (key, locale) => (await import(/* @vite-ignore */ `./messages-${key}-${locale}.js`)).messages;',
        ].join('\n');
      }
      const [catalog] = await getCatalogs(linguiConfig());
      const whole = linguiConfig().locales.map((locale) => `${JSON.stringify(locale)}: () => import(${JSON.stringify(catalog!.getFilename(locale))})`);
      return [
        "export const firstScreenCatalog = 'all';",
        `const whole = {${whole.join(', ')}};`,
        'export const loadMessages = async (_key, locale) => (await whole[locale]()).messages;',
      ].join('\n');
    },
  };

  const split: Plugin = {
    name: 'gatehouse-catalog-split',
    apply: 'build',
    configResolved() {
      splitting = true;
    },
    buildStart() {
      targets.length = 0;
      catalogs = readCatalogs(linguiConfig());
    },
    async transform(code, id) {
      if (!id.startsWith(source) || id.split('?')[0] === runtime || !code.includes('import(')) return undefined;
      let rewritten = code;
      let wrapped = false;
      for (const { start, end, specifier } of literalImports(code)) {
        const target = (await this.resolve(specifier, id))?.id;
        if (!target?.startsWith(source)) continue;
        targets.push(target);
        rewritten = `${rewritten.slice(0, start)}__withCatalog(${rewritten.slice(start, end)}, ${JSON.stringify(placeholder(targets.length - 1))})${rewritten.slice(end)}`;
        wrapped = true;
      }
      if (!wrapped) return undefined;
      return { code: `import { withCatalog as __withCatalog } from ${JSON.stringify(runtime)};\n${rewritten}`, map: null };
    },
    renderStart() {
      keys = undefined;
      written.clear();
    },
    async renderChunk(code, _chunk, _options, meta) {
      if (!code.includes('__gatehouse_catalog_')) return undefined;
      keys ??= await catalogKeys(await catalogs!, meta.chunks, targets, written);
      return { code: code.replace(placeholders, (_, target: string) => keys!.get(target) ?? ''), map: null };
    },
    generateBundle() {
      for (const [key, locales] of written) {
        for (const [locale, code] of locales) this.emitFile({ type: 'asset', fileName: `assets/messages-${key}-${locale}.js`, source: code });
      }
    },
  };
  return {
    plugins: [virtualModule, split],
    firstScreenCatalog: () => keys?.get('first') ?? '',
    /** The key of the catalog loaded beside the dynamic import of `moduleId`, once the chunks are rendered. */
    catalogKeyOf: (moduleId) => {
      const index = targets.indexOf(moduleId);
      return index < 0 ? undefined : keys?.get(String(index));
    },
  };
}

/**
 * The key of each placeholder's catalog ('' when there is nothing to load): the messages the code of the target's chunk
 * and of the chunks it imports uses, less the first screen's, which the entry chunks and their imports use.
 */
async function catalogKeys(catalogs: Catalogs, chunks: Record<string, Rollup.RenderedChunk>, targets: string[], written: Map<string, Map<string, string>>) {
  const chunkOf = new Map<string, Rollup.RenderedChunk>();
  for (const chunk of Object.values(chunks)) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
  const used = new Map<Rollup.RenderedChunk, Set<string>>();
  const messagesOf = (chunk: Rollup.RenderedChunk) => {
    let ids = used.get(chunk);
    if (!ids) {
      ids = new Set();
      for (const [id, module] of Object.entries(chunk.modules)) {
        // Without a module's code its messages would silently go missing: better no build.
        if (module.code === null && module.renderedLength > 0) throw new Error(`no rendered code for ${id} in ${chunk.fileName}`);
        for (const [, text] of (module.code ?? '').matchAll(quoted)) if (catalogs.ids.has(text!)) ids.add(text!);
      }
      used.set(chunk, ids);
    }
    return ids;
  };
  const withImports = (chunk: Rollup.RenderedChunk) => {
    const seen = new Set([chunk]);
    for (const current of seen) for (const file of current.imports) if (chunks[file]) seen.add(chunks[file]);
    return [...seen];
  };
  const messagesWithImports = (chunk: Rollup.RenderedChunk) => new Set(withImports(chunk).flatMap((item) => [...messagesOf(item)]));
  const firstScreen = new Set(Object.values(chunks).filter((chunk) => chunk.isEntry).flatMap((chunk) => [...messagesWithImports(chunk)]));

  const keyOfIds = new Map<string, string>();
  const keyOf = (ids: string[]) => {
    if (ids.length === 0) return '';
    const list = ids.sort().join(',');
    let key = keyOfIds.get(list);
    if (key === undefined) {
      const codes = new Map(catalogs.locales.map((locale) => [locale, catalogs.compile(locale, ids)]));
      key = createHash('sha256').update([...codes.values()].join('\n')).digest('base64url').slice(0, 10);
      written.set(key, codes);
      keyOfIds.set(list, key);
    }
    return key;
  };
  const keys = new Map<string, string>([['first', keyOf([...firstScreen])]]);
  targets.forEach((target, index) => {
    const chunk = chunkOf.get(target);
    keys.set(String(index), chunk ? keyOf([...messagesWithImports(chunk)].filter((id) => !firstScreen.has(id))) : '');
  });
  return keys;
}
