import * as z from 'zod/mini';

/** How deep a JSON field may nest: objects and arrays inside one another, the field itself the first level. */
export const jsonMaxDepth = 32;

/** Whether objects and arrays nest more than `limit` deep in `value`, walked without recursion (no stack to overflow). */
export const nestsDeeperThan = (value: unknown, limit: number) => {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [next, depth] = pending.pop()!;
    if (typeof next !== 'object' || next === null) continue;
    if (depth > limit) return true;
    for (const item of Object.values(next)) pending.push([item, depth + 1]);
  }
  return false;
};

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/**
 * A free-form JSON object (custom data, identity details): at most `jsonMaxDepth` levels deep, checked first, so that
 * the size check (and every later `JSON.stringify`) never recurses too deep; and at most `maxBytes` as JSON.
 */
export const jsonObjectGuard = (maxBytes: number) =>
  z.record(z.string(), z.unknown()).check(
    z.refine((value) => !nestsDeeperThan(value, jsonMaxDepth), { message: `Must nest at most ${jsonMaxDepth} levels deep.`, abort: true }),
    z.refine((value) => utf8Length(JSON.stringify(value)) <= maxBytes, `Must be at most ${maxBytes} bytes as JSON.`),
  );

/** Custom data (of a user or an application): a JSON object of at most 64 KiB. */
export const customDataMaxBytes = 64 * 1024;
export const customDataGuard = jsonObjectGuard(customDataMaxBytes);
