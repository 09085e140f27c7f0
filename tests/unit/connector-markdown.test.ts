import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from '#src/pages/connectors/markdown.ts';

describe("connector READMEs' Markdown", () => {
  it('reads headings, lists, code and links', () => {
    expect(parseMarkdown('# Setup\n\n1. Create an app\n2. Copy its **secret**\n\n```\nnpm i\n```\n\n- [Docs](https://example.com)')).toEqual([
      { kind: 'heading', level: 1, children: [{ kind: 'text', text: 'Setup' }] },
      {
        kind: 'list',
        ordered: true,
        items: [[{ kind: 'text', text: 'Create an app' }], [{ kind: 'text', text: 'Copy its ' }, { kind: 'strong', children: [{ kind: 'text', text: 'secret' }] }]],
      },
      { kind: 'code', text: 'npm i' },
      { kind: 'list', ordered: false, items: [[{ kind: 'link', href: 'https://example.com', children: [{ kind: 'text', text: 'Docs' }] }]] },
    ]);
  });

  it('keeps HTML as text and drops links that are not http, https or mailto, and images', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'paragraph', children: [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }] }]);
    expect(parseInline('[click](javascript:alert(1))')).toEqual([{ kind: 'text', text: 'click' }]);
    expect(parseInline('[x](data:text/html,hi)')).toEqual([{ kind: 'text', text: 'x' }]);
    expect(parseInline('![logo](https://example.com/a.png)')).toEqual([{ kind: 'text', text: 'logo' }]);
    expect(parseInline('[mail](mailto:a@example.com)')).toEqual([{ kind: 'link', href: 'mailto:a@example.com', children: [{ kind: 'text', text: 'mail' }] }]);
  });

  it('reads a table: its header, its rows, inline marks in cells and escaped pipes; pipes without a delimiter row stay text', () => {
    const text = (value: string) => ({ kind: 'text', text: value });
    expect(parseMarkdown('| Field | What to enter |\n|---|:---:|\n| Host | `smtp.example.com` |\n| Port | 587 \\| 465 |\n\nAfter.')).toEqual([
      {
        kind: 'table',
        header: [[text('Field')], [text('What to enter')]],
        rows: [
          [[text('Host')], [{ kind: 'code', text: 'smtp.example.com' }]],
          [[text('Port')], [text('587 | 465')]],
        ],
      },
      { kind: 'paragraph', children: [text('After.')] },
    ]);
    expect(parseMarkdown('a | b\nc | d')).toEqual([{ kind: 'paragraph', children: [text('a | b c | d')] }]);
  });
});
