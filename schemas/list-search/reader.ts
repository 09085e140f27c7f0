import * as z from 'zod/mini';

type Shape = Record<string, z.ZodMiniType>;
/** What a reader gives: each field that its guard accepted, the rest left out. */
export type SearchOf<S extends Shape> = { [K in keyof S]?: Exclude<z.output<S[K]>, undefined> };

/**
 * The reader of a list's search in the console's URL, for the route's `validateSearch`: each field is read with its
 * guard, and a value the guard refuses is left out rather than failing the page (a shared link stays usable).
 * Anything else in the URL is dropped.
 */
export const searchReader =
  <S extends Shape>(shape: S) =>
  (search: Record<string, unknown>): SearchOf<S> => {
    const read: Record<string, unknown> = {};
    for (const [key, guard] of Object.entries(shape)) {
      const parsed = z.safeParse(guard, search[key]);
      if (parsed.success && parsed.data !== undefined) read[key] = parsed.data;
    }
    return read as SearchOf<S>;
  };
