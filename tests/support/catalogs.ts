import path from 'node:path';
import { getConfig } from '@lingui/conf';
import { getCatalogs } from '@lingui/cli/api';
import type { Locale } from '#schemas/locales.ts';

/** The console's message catalogs (locales/<locale>/messages.po), as Lingui's own extractor reads and writes them. */
export type CatalogEntry = { message?: string; translation?: string; obsolete?: boolean };
export type Catalog = Record<string, CatalogEntry>;

const root = path.resolve(import.meta.dirname, '../..');
const consoleCatalog = async () => {
  const [catalog] = await getCatalogs(getConfig({ cwd: root, configPath: path.join(root, 'lingui.config.ts') }));
  return catalog!;
};

export const readCatalog = async (locale: Locale): Promise<Catalog> => ((await (await consoleCatalog()).read(locale)) ?? {}) as Catalog;

/** The source message of each id, as extraction collects them from the code now. */
export async function collectSourceMessages(): Promise<Record<string, string>> {
  const collected = (await (await consoleCatalog()).collect()) ?? {};
  return Object.fromEntries(Object.entries(collected).map(([id, entry]) => [id, entry.message ?? id]));
}

/** `locale`'s text for an English source message (as written in the code). */
export function translator(en: Catalog, translated: Catalog) {
  const idOf = new Map(Object.entries(en).map(([id, entry]) => [entry.message ?? id, id]));
  return (source: string) => {
    const text = translated[idOf.get(source) ?? '']?.translation;
    if (!text) throw new Error(`no translation of "${source}"`);
    return text;
  };
}
