import { expect, test } from 'vitest';
import { isNewerRelease, parseRelease } from '#src/rules/version.ts';

test("only strings starting with 'v' are release tags", () => {
  expect(parseRelease('v1.25.0')).toEqual([1, 25, 0]);
  expect(parseRelease('1.25.0')).toBeUndefined();
  expect(parseRelease(125)).toBeUndefined();
  expect(parseRelease(undefined)).toBeUndefined();
  expect(parseRelease('vnext')).toBeUndefined();
});

test('dot-separated numbers are compared as numbers, not as text', () => {
  expect(isNewerRelease('1.24.0', 'v1.25.0')).toBe(true);
  expect(isNewerRelease('1.24.0', 'v1.100.0')).toBe(true);
  expect(isNewerRelease('1.24.0', 'v2')).toBe(true);
  expect(isNewerRelease('1.24.0', 'v1.24.0')).toBe(false);
  expect(isNewerRelease('1.24.0', 'v1.24')).toBe(false);
  expect(isNewerRelease('1.24.0', 'v1.9.9')).toBe(false);
  expect(isNewerRelease('1.24.0', '1.99.0')).toBe(false);
  expect(isNewerRelease('1.24.0', null)).toBe(false);
});
