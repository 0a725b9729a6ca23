/**
 * Reads an invoice's HTML body (000 §3: `body` is HTML) into the few kinds of blocks a printed invoice
 * needs: headings, paragraphs, list items, rules and data tables. It needs no DOM, so the same code runs
 * in the browser and in Node (the bench), and it never executes or fetches anything from the HTML:
 * scripts, styles and images are dropped, links keep their text.
 */

/** A piece of text in one weight. `\n` inside `text` is a forced line break (`<br>`). */
export interface TextRun {
  readonly text: string;
  readonly bold: boolean;
}

export type TextStyle = 'h1' | 'h2' | 'h3' | 'h4' | 'p' | 'pre';
export type CellAlign = 'left' | 'center' | 'right';

export interface TableCell {
  /** The cell's lines (paragraphs and breaks inside a cell become lines); each line wraps in the cell. */
  readonly lines: TextRun[][];
  readonly header: boolean;
  readonly align: CellAlign;
  /** Columns the cell spans (`colspan`), at least 1. */
  readonly span: number;
}

export type Block =
  | {
      readonly kind: 'text';
      readonly style: TextStyle;
      readonly runs: TextRun[];
      readonly indent: number;
      readonly marker?: string;
    }
  | { readonly kind: 'table'; readonly rows: TableCell[][] }
  | { readonly kind: 'rule' };

interface ElementNode {
  readonly kind: 'element';
  readonly tag: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: HtmlNode[];
}
interface TextNode {
  readonly kind: 'text';
  readonly text: string;
}
type HtmlNode = ElementNode | TextNode;

const VOID_TAGS = new Set(['br', 'hr', 'img', 'meta', 'link', 'input', 'col', 'wbr', 'source', 'base', 'area']);
/** Elements whose content is never shown. */
const HIDDEN_TAGS = new Set(['script', 'style', 'head', 'title', 'template', 'noscript', 'svg', 'iframe', 'object']);
/** An open element of the first kind is closed by a new element of the second (HTML's implied end tags). */
const IMPLIED_END: Readonly<Record<string, readonly string[]>> = {
  p: ['p', 'div', 'table', 'ul', 'ol', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'pre', 'blockquote'],
  li: ['li'],
  td: ['td', 'th', 'tr'],
  th: ['td', 'th', 'tr'],
  tr: ['tr'],
  thead: ['tbody', 'tfoot'],
  tbody: ['tbody', 'tfoot'],
  dt: ['dt', 'dd'],
  dd: ['dt', 'dd'],
  option: ['option'],
};
const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'html',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'ul',
  'caption',
]);
const BOLD_TAGS = new Set(['b', 'strong', 'th']);

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  sect: '§',
  deg: '°',
  middot: '·',
  bull: '•',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  times: '×',
  divide: '÷',
  plusmn: '±',
  frac12: '½',
  frac14: '¼',
  frac34: '¾',
  shy: '',
};

/** Decodes HTML character references (named ones of the common set, decimal and hex). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function parseAttributes(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const match of source.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (name) attrs[name] = decodeEntities(match[2] ?? match[3] ?? match[4] ?? '');
  }
  return attrs;
}

/** A forgiving HTML tree builder: unknown end tags are ignored, implied end tags are honoured. */
export function parseHtml(html: string): ElementNode {
  const root: ElementNode = { kind: 'element', tag: '#root', attrs: {}, children: [] };
  const stack: ElementNode[] = [root];
  const top = (): ElementNode => stack[stack.length - 1] as ElementNode;
  const token =
    /<!--[\s\S]*?(?:-->|$)|<![^>]*>|<\?[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^>]*?)?)\s*(\/?)>|<|[^<]+/g;
  let hiddenUntil: string | null = null;
  for (const match of html.matchAll(token)) {
    const [whole, closing, rawTag, rawAttrs, selfClosing] = match;
    if (hiddenUntil) {
      const hiddenTag = rawTag?.toLowerCase();
      // A missing </head> is implied by <body>, as browsers do.
      const bodyStarts = hiddenUntil === 'head' && !closing && hiddenTag === 'body';
      if (closing && hiddenTag === hiddenUntil) hiddenUntil = null;
      if (!bodyStarts) continue;
      hiddenUntil = null;
    }
    if (!rawTag) {
      if (whole.startsWith('<!') || whole.startsWith('<?')) continue;
      top().children.push({ kind: 'text', text: decodeEntities(whole) });
      continue;
    }
    const tag = rawTag.toLowerCase();
    if (closing) {
      const index = stack.map((node) => node.tag).lastIndexOf(tag);
      if (index > 0) stack.length = index;
      continue;
    }
    if (HIDDEN_TAGS.has(tag)) {
      if (!selfClosing) hiddenUntil = tag;
      continue;
    }
    // Close the elements this one implicitly ends (a new <td> ends the open <td>, a <tr> ends the row...).
    for (;;) {
      const open = top();
      if (open.tag === 'table' || open === root) break;
      if (IMPLIED_END[open.tag]?.includes(tag)) stack.pop();
      else break;
    }
    const node: ElementNode = { kind: 'element', tag, attrs: parseAttributes(rawAttrs ?? ''), children: [] };
    top().children.push(node);
    if (!VOID_TAGS.has(tag) && !selfClosing) stack.push(node);
  }
  return root;
}

/** Where converted content goes: the page (blocks) or a table cell (lines). */
interface Sink {
  paragraph(style: TextStyle, runs: TextRun[], indent: number, marker?: string): void;
  table(rows: TableCell[][]): void;
  rule(): void;
}

const alignOf = (node: ElementNode): CellAlign => {
  const style = /text-align\s*:\s*(left|right|center)/i.exec(node.attrs['style'] ?? '')?.[1];
  const value = (style ?? node.attrs['align'] ?? 'left').toLowerCase();
  return value === 'right' || value === 'center' ? value : 'left';
};

const elementChildren = (node: ElementNode, tags: readonly string[]): ElementNode[] =>
  node.children.filter((child): child is ElementNode => child.kind === 'element' && tags.includes(child.tag));

/** The rows of a table, looking through thead/tbody/tfoot, with their cells. */
function tableRows(table: ElementNode): ElementNode[][] {
  const rows: ElementNode[] = [];
  for (const child of elementChildren(table, ['tr', 'thead', 'tbody', 'tfoot'])) {
    if (child.tag === 'tr') rows.push(child);
    else rows.push(...elementChildren(child, ['tr']));
  }
  return rows.map((row) => elementChildren(row, ['td', 'th']));
}

/**
 * Merges runs of the same weight and, outside <pre>, collapses white space the way a browser does:
 * text nodes arrive with their white space already folded to single spaces, so what is left is a space
 * on both sides of a run boundary, spaces around forced breaks, and spaces at both ends.
 */
function normalizeRuns(runs: TextRun[], preformatted: boolean): TextRun[] {
  const merged: TextRun[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    let text = run.text;
    if (!preformatted && last && / $|\n$/.test(last.text)) text = text.replace(/^ +/, '');
    if (!text) continue;
    if (last && last.bold === run.bold) merged[merged.length - 1] = { text: last.text + text, bold: run.bold };
    else merged.push({ text, bold: run.bold });
  }
  if (preformatted) return merged;
  const cleaned = merged.map((run) => ({ ...run, text: run.text.replace(/ *\n */g, '\n') }));
  const first = cleaned[0];
  if (first) cleaned[0] = { ...first, text: first.text.replace(/^ +/, '') };
  const lastIndex = cleaned.length - 1;
  const last = cleaned[lastIndex];
  if (last) cleaned[lastIndex] = { ...last, text: last.text.replace(/ +$/, '') };
  return cleaned.filter((run) => run.text.length > 0);
}

const hasText = (runs: TextRun[]): boolean => runs.some((run) => run.text.trim().length > 0);

/** Walks block-level content, sending paragraphs, tables and rules to the sink. */
function convertChildren(
  nodes: HtmlNode[],
  sink: Sink,
  context: { indent: number; bold: boolean; pre: boolean },
): void {
  let inline: TextRun[] = [];
  let style: TextStyle = context.pre ? 'pre' : 'p';
  const flush = (): void => {
    const runs = normalizeRuns(inline, context.pre);
    if (hasText(runs)) sink.paragraph(style, runs, context.indent);
    inline = [];
    style = context.pre ? 'pre' : 'p';
  };
  const collectInline = (node: HtmlNode, bold: boolean): void => {
    if (node.kind === 'text') {
      inline.push({ text: context.pre ? node.text : node.text.replace(/[ \t\r\n\f]+/g, ' '), bold });
      return;
    }
    if (node.tag === 'br') {
      inline.push({ text: '\n', bold });
      return;
    }
    if (BLOCK_TAGS.has(node.tag) || node.tag === 'table') {
      flush();
      convertBlock(node, sink, { ...context, bold });
      return;
    }
    for (const child of node.children) collectInline(child, bold || BOLD_TAGS.has(node.tag));
  };
  for (const node of nodes) collectInline(node, context.bold);
  flush();
}

function convertList(list: ElementNode, sink: Sink, context: { indent: number; bold: boolean; pre: boolean }): void {
  let number = Number.parseInt(list.attrs['start'] ?? '1', 10) || 1;
  for (const child of list.children) {
    if (child.kind !== 'element') continue;
    if (child.tag !== 'li') {
      convertBlock(child, sink, { ...context, indent: context.indent + 1 });
      continue;
    }
    const marker = list.tag === 'ol' ? `${number++}.` : '•';
    let first = true;
    // The marker goes on the item's first paragraph; nested lists indent further.
    const itemSink: Sink = {
      paragraph: (style, runs, indent, nestedMarker) => {
        sink.paragraph(style, runs, indent, first ? marker : nestedMarker);
        first = false;
      },
      table: (rows) => sink.table(rows),
      rule: () => sink.rule(),
    };
    convertChildren(child.children, itemSink, { ...context, indent: context.indent + 1 });
  }
}

/** A cell's content as lines: headings and paragraphs become lines, a nested table one line per row. */
function cellLines(cell: ElementNode, bold: boolean): TextRun[][] {
  const lines: TextRun[][] = [];
  const sink: Sink = {
    paragraph: (style, runs, _indent, marker) => {
      const heading = style !== 'p' && style !== 'pre';
      const styled = heading ? runs.map((run) => ({ ...run, bold: true })) : runs;
      lines.push(marker ? [{ text: `${marker} `, bold: false }, ...styled] : styled);
    },
    table: (rows) => {
      for (const row of rows) {
        const runs: TextRun[] = [];
        row.forEach((nested, index) => {
          if (index > 0) runs.push({ text: '   ', bold: false });
          nested.lines.forEach((line, lineIndex) => {
            if (lineIndex > 0) runs.push({ text: ' ', bold: false });
            runs.push(...line);
          });
        });
        if (hasText(runs)) lines.push(runs);
      }
    },
    rule: () => undefined,
  };
  convertChildren(cell.children, sink, { indent: 0, bold, pre: false });
  return lines;
}

function convertBlock(node: ElementNode, sink: Sink, context: { indent: number; bold: boolean; pre: boolean }): void {
  switch (node.tag) {
    case 'hr':
      sink.rule();
      return;
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6': {
      const level = Math.min(4, Number(node.tag.slice(1)));
      const headingSink: Sink = {
        ...sink,
        paragraph: (_style, runs, indent, marker) =>
          sink.paragraph(
            `h${level}` as TextStyle,
            runs.map((run) => ({ ...run, bold: true })),
            indent,
            marker,
          ),
      };
      convertChildren(node.children, headingSink, context);
      return;
    }
    case 'ul':
    case 'ol':
      convertList(node, sink, context);
      return;
    case 'pre':
      convertChildren(node.children, sink, { ...context, pre: true });
      return;
    case 'blockquote':
      convertChildren(node.children, sink, { ...context, indent: context.indent + 1 });
      return;
    case 'table': {
      const rows = tableRows(node);
      const caption = elementChildren(node, ['caption'])[0];
      if (caption) convertChildren(caption.children, sink, { ...context, bold: true });
      // A table with one cell per row is layout (e-mail HTML wraps whole bodies in one): unwrap it.
      if (rows.every((cells) => cells.length <= 1)) {
        for (const cells of rows) for (const cell of cells) convertChildren(cell.children, sink, context);
        return;
      }
      const data = rows
        .map((cells) =>
          cells.map((cell) => ({
            lines: cellLines(cell, context.bold || cell.tag === 'th'),
            header: cell.tag === 'th',
            align: alignOf(cell),
            span: Math.min(50, Math.max(1, Number.parseInt(cell.attrs['colspan'] ?? '1', 10) || 1)),
          })),
        )
        .filter((cells) => cells.some((cell) => cell.lines.length > 0));
      if (data.length > 0) sink.table(data);
      return;
    }
    default:
      convertChildren(node.children, sink, context);
  }
}

/** The printable blocks of an HTML document, in reading order. */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const sink: Sink = {
    paragraph: (style, runs, indent, marker) =>
      blocks.push(
        marker === undefined ? { kind: 'text', style, runs, indent } : { kind: 'text', style, runs, indent, marker },
      ),
    table: (rows) => blocks.push({ kind: 'table', rows }),
    rule: () => blocks.push({ kind: 'rule' }),
  };
  convertChildren(parseHtml(html).children, sink, { indent: 0, bold: false, pre: false });
  return blocks;
}
