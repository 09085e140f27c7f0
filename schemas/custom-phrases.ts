import * as z from 'zod/mini';

/**
 * A tenant's own phrases for one language of its sign-in pages (sign-in-experience.md §5, §8): a nested object whose
 * leaves are strings, laid over the built-in phrases of that language.
 */

/** Bounds of one language's phrases: objects in one another, keys in all, and each key's and phrase's length. */
export const translationMaxDepth = 8;
export const translationMaxEntries = 2000;
export const phraseKeyMaxLength = 128;
export const phraseMaxLength = 4096;

export type Translation = { [key: string]: string | Translation };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Why `value` is not a translation within the bounds, or undefined when it is one. Walked without recursion and
 * stopped at the first problem, so a deep or wide body costs no more than its bounds.
 */
export const translationProblem = (value: unknown): string | undefined => {
  if (!isPlainObject(value)) return 'Must be an object of phrases.';
  const pending: [Record<string, unknown>, string, number][] = [[value, '', 1]];
  let entries = 0;
  while (pending.length > 0) {
    const [object, path, depth] = pending.pop()!;
    for (const [key, item] of Object.entries(object)) {
      entries += 1;
      const at = path ? `${path}.${key}` : key;
      if (entries > translationMaxEntries) return `Must hold at most ${translationMaxEntries} keys.`;
      if (key.length === 0 || key.length > phraseKeyMaxLength) return `${at}: a key has 1 to ${phraseKeyMaxLength} characters.`;
      if (typeof item === 'string') {
        if (item.length > phraseMaxLength) return `${at}: a phrase has at most ${phraseMaxLength} characters.`;
      } else if (isPlainObject(item)) {
        if (depth >= translationMaxDepth) return `${at}: phrases nest at most ${translationMaxDepth} levels deep.`;
        pending.push([item, at, depth + 1]);
      } else {
        return `${at}: must be a phrase (a string) or an object of phrases.`;
      }
    }
  }
  return undefined;
};

export const translationGuard = z
  .record(z.string(), z.unknown())
  .check(z.refine((value) => translationProblem(value) === undefined, 'Must be an object whose values are phrases or objects of phrases.')) as unknown as z.ZodMiniType<Translation>;

export const customPhraseGuard = z.object({ languageTag: z.string(), translation: translationGuard });
export type CustomPhrase = z.infer<typeof customPhraseGuard>;
