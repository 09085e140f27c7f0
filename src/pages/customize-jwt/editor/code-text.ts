/**
 * What the script editor knows of JavaScript and JSON text: its tokens for highlighting, line by line, and the
 * indentation Enter and a closing bracket give. A small scanner rather than a parser: enough to colour a short script.
 */

export type TokenKind = 'keyword' | 'string' | 'number' | 'comment' | 'property';
export type Token = { text: string; kind?: TokenKind };
export type CodeLanguage = 'javascript' | 'json';

const keywords = new Set(
  (
    'async await break case catch class const continue debugger default delete do else export extends finally for function if import in ' +
    'instanceof let new of return static super switch this throw try typeof var void while with yield'
  ).split(' '),
);
const atoms = new Set(['true', 'false', 'null', 'undefined', 'NaN', 'Infinity']);
const declarations = new Set(['const', 'let', 'var', 'function', 'class']);

// Comments, strings (an unclosed one runs to the end of its line; a template literal across lines), numbers, words, and
// any other character. Sticky: each match starts where the last ended.
const scanner = /(\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$))|("(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|`(?:[^`\\]|\\[\s\S])*`?)|(\b(?:0[xXbBoO][\da-fA-F_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?n?)\b)|([A-Za-z_$][\w$]*)|([\s\S])/y;

/** The kind of a word or a string, from the characters around it: a key before `:` after `{` or `,`, a name after `.`. */
const kindOf = (text: string, isString: boolean, before: string, after: string, previousWord: string): TokenKind | undefined => {
  const isKey = /^\s*:/.test(after) && (before === '{' || before === ',');
  if (isString) return isKey ? 'property' : 'string';
  if (keywords.has(text)) return 'keyword';
  if (atoms.has(text)) return 'number';
  if (isKey || before === '.' || declarations.has(previousWord)) return 'property';
  return undefined;
};

/** The text's tokens (plain text between them merged), whole: a token may hold line breaks. */
export const tokenize = (text: string, language: CodeLanguage): Token[] => {
  const tokens: Token[] = [];
  let before = '';
  let previousWord = '';
  const push = (token: Token) => {
    const last = tokens.at(-1);
    if (!token.kind && last && !last.kind) last.text += token.text;
    else tokens.push(token);
  };
  scanner.lastIndex = 0;
  for (let match = scanner.exec(text); match && match[0]; match = scanner.exec(text)) {
    const [whole, comment, string, number, word] = match;
    const after = text.slice(scanner.lastIndex, scanner.lastIndex + 40);
    if (comment) push({ text: whole, kind: 'comment' });
    else if (number) push({ text: whole, kind: 'number' });
    else if (string || word) push({ text: whole, kind: kindOf(whole, Boolean(string), before, after, previousWord) });
    else push({ text: whole });
    if (word) previousWord = language === 'javascript' ? whole : '';
    if (!comment && whole.trim()) {
      before = whole.at(-1)!;
      if (!word) previousWord = '';
    }
  }
  return tokens;
};

/** The tokens of each line: a token across lines is cut at each line break. */
export const tokenLines = (text: string, language: CodeLanguage): Token[][] => {
  const lines: Token[][] = [[]];
  for (const { text: part, kind } of tokenize(text, language)) {
    part.split('\n').forEach((piece, index) => {
      if (index > 0) lines.push([]);
      if (piece) lines.at(-1)!.push(kind ? { text: piece, kind } : { text: piece });
    });
  }
  return lines;
};

const indentUnit = '  ';
const closers: Record<string, string> = { '{': '}', '[': ']', '(': ')' };

/**
 * What Enter inserts at the caret: a line break and the line's indentation, one level more after an opening bracket;
 * between a bracket and its closer, the closer moves to a line of its own. `caret` is where the caret ends, from the
 * start of the insertion.
 */
export const lineBreakAt = (text: string, caret: number): { insert: string; caret: number } => {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, caret))![0];
  const opener = text.slice(lineStart, caret).trimEnd().at(-1) ?? '';
  if (!closers[opener]) return { insert: `\n${indent}`, caret: indent.length + 1 };
  const inner = `\n${indent}${indentUnit}`;
  return text[caret] === closers[opener] ? { insert: `${inner}\n${indent}`, caret: inner.length } : { insert: inner, caret: inner.length };
};

/** How many spaces a closing bracket typed at the caret takes back: one level, when only spaces precede it on its line. */
export const dedentBefore = (text: string, caret: number) => {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  const leading = text.slice(lineStart, caret);
  return /^ +$/.test(leading) ? Math.min(indentUnit.length, leading.length) : 0;
};

export const isCloser = (key: string) => Object.values(closers).includes(key);
