import type { Translation } from '#schemas/custom-phrases.ts';

/** Phrases by their dotted key (`password.too_short`), as the editor lists them. */
export type FlatPhrases = Record<string, string>;

export const flattenPhrases = (translation: Translation | undefined, prefix = ''): FlatPhrases =>
  Object.fromEntries(
    Object.entries(translation ?? {}).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value]] : Object.entries(flattenPhrases(value, `${prefix}${key}.`)),
    ),
  );

const nest = (flat: FlatPhrases): Translation => {
  const translation: Translation = {};
  for (const [path, value] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = translation;
    for (const key of keys.slice(0, -1)) node = (node[key] = typeof node[key] === 'object' ? node[key] : {}) as Translation;
    node[keys.at(-1)!] = value;
  }
  return translation;
};

/**
 * The language's phrases to save, whole: the edited phrases that are not empty, and the saved ones of keys the pages do
 * not have (set through the API), kept as they were.
 */
export const translationOf = (values: FlatPhrases, saved: FlatPhrases, builtInKeys: readonly string[]): Translation =>
  nest({
    ...Object.fromEntries(Object.entries(saved).filter(([key]) => !builtInKeys.includes(key))),
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== '')),
  });

/** Whether the edits differ from the saved phrases; an emptied phrase is one that is not set. */
export const phrasesDiffer = (values: FlatPhrases, saved: FlatPhrases) =>
  [...new Set([...Object.keys(values), ...Object.keys(saved)])].some((key) => (values[key] ?? '') !== (saved[key] ?? ''));
