import { describe, expect, test } from 'vitest';
import { dedentBefore, lineBreakAt, tokenLines, tokenize } from '#src/pages/customize-jwt/editor/code-text.ts';

/** The script editor's highlighting and indentation (src/pages/customize-jwt/editor/code-text.ts). */
describe('the script editor reads JavaScript and JSON', () => {
  const kinds = (text: string, language: 'javascript' | 'json' = 'javascript') =>
    tokenize(text, language).flatMap(({ text: part, kind }) => (kind ? [[part, kind]] : []));

  test('keywords, a declared name, keys, properties after a dot, strings, numbers, atoms and comments', () => {
    const script = "const getCustomJwtClaims = async ({ context }) => {\n  // the plan\n  return { plan: context.user.customData.plan ?? 'free', n: 1.5e3, ok: true };\n};";
    expect(kinds(script)).toEqual([
      ['const', 'keyword'],
      ['getCustomJwtClaims', 'property'],
      ['async', 'keyword'],
      ['// the plan', 'comment'],
      ['return', 'keyword'],
      ['plan', 'property'],
      ['user', 'property'],
      ['customData', 'property'],
      ['plan', 'property'],
      ["'free'", 'string'],
      ['n', 'property'],
      ['1.5e3', 'number'],
      ['ok', 'property'],
      ['true', 'number'],
    ]);
  });

  test('JSON: keys and values told apart; the text comes back whole', () => {
    const json = '{\n  "plan": "pro",\n  "roles": [1, null]\n}';
    expect(kinds(json, 'json')).toEqual([
      ['"plan"', 'property'],
      ['"pro"', 'string'],
      ['"roles"', 'property'],
      ['1', 'number'],
      ['null', 'number'],
    ]);
    expect(tokenize(json, 'json').map(({ text }) => text).join('')).toBe(json);
  });

  test('a block comment and a template literal across lines are cut at each line; an unclosed string ends with its line', () => {
    const lines = tokenLines('/* one\ntwo */ const s = `a\nb`;\nlet x = "open\n', 'javascript');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toEqual([{ text: '/* one', kind: 'comment' }]);
    expect(lines[1]![0]).toEqual({ text: 'two */', kind: 'comment' });
    expect(lines[2]![0]).toEqual({ text: 'b`', kind: 'string' });
    expect(lines[3]!.at(-1)).toEqual({ text: '"open', kind: 'string' });
    expect(lines[4]).toEqual([]);
  });

  test('Enter keeps the indentation, adds a level after an opening bracket, and puts a closer that follows on its own line', () => {
    expect(lineBreakAt('  return 1;', 11)).toEqual({ insert: '\n  ', caret: 3 });
    expect(lineBreakAt('  const a = [', 13)).toEqual({ insert: '\n    ', caret: 5 });
    expect(lineBreakAt('f({})', 3)).toEqual({ insert: '\n  \n', caret: 3 });
  });

  test('a closing bracket after nothing but spaces takes one level back', () => {
    expect(dedentBefore('{\n    ', 6)).toBe(2);
    expect(dedentBefore('{\n ', 3)).toBe(1);
    expect(dedentBefore('{\n  x', 5)).toBe(0);
  });
});
