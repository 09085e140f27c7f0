/**
 * A small Markdown reader for the connectors' READMEs: headings, paragraphs, lists, tables, fenced code, quotes, and
 * inline code, bold, italics and links. HTML is never interpreted: it stays text. A link keeps only http, https and mailto
 * addresses (and in-page anchors); any other becomes its text.
 */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong' | 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'paragraph'; children: Inline[] }
  | { kind: 'quote'; children: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { kind: 'code'; text: string };

const safeHref = (href: string) => (/^(https?:|mailto:|#)/i.test(href.trim()) ? href.trim() : undefined);

const inlineRule = /`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*([^*\s][^*]*?)\*|_([^_\s][^_]*?)_|!?\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))+)(?:\s+"[^"]*")?\)/g;

export function parseInline(source: string): Inline[] {
  const out: Inline[] = [];
  let last = 0;
  for (const match of source.matchAll(inlineRule)) {
    if (match.index > last) out.push({ kind: 'text', text: source.slice(last, match.index) });
    const [whole, code, strong1, strong2, em1, em2, label, href] = match;
    if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (strong1 ?? strong2) out.push({ kind: 'strong', children: parseInline(strong1 ?? strong2 ?? '') });
    else if (em1 ?? em2) out.push({ kind: 'em', children: parseInline(em1 ?? em2 ?? '') });
    else {
      const safe = whole.startsWith('!') ? undefined : safeHref(href ?? '');
      const children = parseInline(label ?? '');
      out.push(...(safe ? [{ kind: 'link' as const, href: safe, children }] : children));
    }
    last = match.index + whole.length;
  }
  if (last < source.length) out.push({ kind: 'text', text: source.slice(last) });
  return out;
}

const listItem = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/;
/** A table's second line, `|---|:---:|`, under its header row. */
const tableDelimiter = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$/;
/** A table row's cells, split at the pipes that are not escaped (`\|` is a pipe in a cell). */
const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/)
    .map((cell) => parseInline(cell.trim().replaceAll('\\|', '|')));

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const fence = /^\s*(```|~~~)/.exec(line);
    const heading = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    const item = listItem.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      while (++index < lines.length && !(lines[index] ?? '').trim().startsWith(fence[1] ?? '```')) code.push(lines[index] ?? '');
      blocks.push({ kind: 'code', text: code.join('\n') });
    } else if (line.includes('|') && tableDelimiter.test(lines[index + 1] ?? '')) {
      flush();
      const header = cellsOf(line);
      const rows: Inline[][][] = [];
      for (index += 1; (lines[index + 1] ?? '').includes('|'); index++) rows.push(cellsOf(lines[index + 1] ?? ''));
      blocks.push({ kind: 'table', header, rows });
    } else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: (heading[1]?.length ?? 1) as 1, children: parseInline(heading[2] ?? '') });
    } else if (item) {
      flush();
      const ordered = item[2] !== undefined;
      const items: Inline[][] = [parseInline(item[3] ?? '')];
      for (let next = listItem.exec(lines[index + 1] ?? ''); next && (next[2] !== undefined) === ordered; next = listItem.exec(lines[index + 1] ?? '')) {
        items.push(parseInline(next[3] ?? ''));
        index++;
      }
      blocks.push({ kind: 'list', ordered, items });
    } else if (line.startsWith('>')) {
      flush();
      blocks.push({ kind: 'quote', children: parseInline(line.replace(/^>\s?/, '')) });
    } else if (!line.trim()) flush();
    else paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
