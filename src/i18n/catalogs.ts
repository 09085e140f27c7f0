import { i18n, type Messages } from '@lingui/core';
import { firstScreenCatalog, loadMessages } from 'virtual:gatehouse-catalogs';
import type { Locale } from '#schemas/locales.ts';

/** The catalogs of the code loaded after the first screen, as they were first asked for. */
const codeCatalogs = new Set<string>();
const fetched = new Map<string, Promise<Messages>>();
/** The catalogs (`key locale`) already added to i18n's messages: adding one again would only render everything again. */
const added = new Set<string>();
/** The language being activated, or the active one. */
let wanted: Locale | undefined;

/** One catalog in one language, fetched once (again after a failure). */
function messagesOf(key: string, locale: Locale) {
  const id = `${key} ${locale}`;
  let messages = fetched.get(id);
  if (!messages) {
    messages = loadMessages(key, locale);
    fetched.set(id, messages);
    messages.catch(() => fetched.delete(id));
  }
  return messages;
}

/** Adds catalogs to i18n's messages for `locale`, each once, in one go (each addition renders everything again). */
async function add(keys: string[], locale: Locale) {
  const catalogs = await Promise.all(keys.map((key) => messagesOf(key, locale)));
  const fresh = keys.flatMap((key, index) => (added.has(`${key} ${locale}`) ? [] : [[key, catalogs[index]!] as const]));
  if (fresh.length === 0) return;
  for (const [key] of fresh) added.add(`${key} ${locale}`);
  i18n.load(locale, Object.assign({}, ...fresh.map(([, messages]) => messages)));
}

/** Loads every message the code loaded so far needs in `locale`: the first screen's, and those of the code loaded since. */
export async function loadCatalogs(locale: Locale) {
  wanted = locale;
  await add([firstScreenCatalog, ...codeCatalogs], locale);
}

/**
 * What the build wraps each dynamic import of the console's code in (vite.catalogs.ts): the code resolves once the
 * messages it uses are loaded too, in the active language and in the one being activated, fetched at the same time as
 * the code. `key` names their catalog; '' when the first screen's has them all.
 */
export function withCatalog<T>(code: Promise<T>, key: string): Promise<T> {
  if (!key) return code;
  codeCatalogs.add(key);
  const locales = new Set([i18n.locale, wanted].filter((locale): locale is Locale => Boolean(locale)));
  return Promise.all([code, ...[...locales].map((locale) => add([key], locale))]).then(([module]) => module);
}
