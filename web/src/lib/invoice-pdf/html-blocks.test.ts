import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToBlocks, type Block } from './html-blocks';

const texts = (blocks: Block[]): string[] =>
  blocks.map((block) =>
    block.kind === 'text'
      ? `${block.style}${block.marker ? `[${block.marker}]` : ''}:${block.runs.map((run) => (run.bold ? `*${run.text}*` : run.text)).join('')}`
      : block.kind,
  );

describe('htmlToBlocks', () => {
  it('reads headings, paragraphs and bold text, and drops head, styles and scripts', () => {
    // Prepare
    const html = `<!doctype html><html><head><title>Hidden</title><style>p { color: red }</style></head>
      <body><h1>Invoice   INV-7</h1><p>Dear <strong>Acme</strong>,
      thanks.</p><script>alert('x')</script><h5>Small</h5></body></html>`;

    // Act
    const blocks = htmlToBlocks(html);

    // Assess
    expect(texts(blocks)).toEqual(['h1:*Invoice INV-7*', 'p:Dear *Acme*, thanks.', 'h4:*Small*']);
  });

  it('keeps forced line breaks and decodes character references', () => {
    // Act
    const blocks = htmlToBlocks('<p>Total: <b>&#36;1,234.56</b> <br/> Due &amp; payable&nbsp;now &#x2014; &euro;</p>');

    // Assess
    expect(texts(blocks)).toEqual(['p:Total: *$1,234.56*\nDue & payable\u00a0now — €']);
    expect(decodeEntities('&unknown; &lt;b&gt;')).toBe('&unknown; <b>');
  });

  it('unwraps layout tables and keeps data tables with header cells and alignment', () => {
    // Prepare: an e-mail body wrapped in a one-cell table, holding a real table
    const html = `<table width="100%"><tr><td><h2>Charges</h2>
      <table><thead><tr><th>Campaign</th><th align="right">Amount</th></tr></thead>
      <tbody><tr><td>Spring</td><td style="text-align: right">$10.00</td></tr>
      <tr><td>Fall<br>launch</td><td align="right">$2.50</td></tr></tbody></table></td></tr></table>`;

    // Act
    const blocks = htmlToBlocks(html);

    // Assess
    expect(texts(blocks)).toEqual(['h2:*Charges*', 'table']);
    const table = blocks[1] as Extract<Block, { kind: 'table' }>;
    expect(table.rows).toHaveLength(3);
    expect(table.rows[0]?.map((cell) => cell.header)).toEqual([true, true]);
    expect(table.rows[1]?.map((cell) => cell.align)).toEqual(['left', 'right']);
    expect(table.rows[2]?.[0]?.lines).toEqual([[{ text: 'Fall\nlaunch', bold: false }]]);
  });

  it('keeps the column span of cells', () => {
    // Act
    const blocks = htmlToBlocks(
      '<table><tr><td>a</td><td>b</td><td>c</td></tr><tfoot><tr><th colspan="2">Total</th><th>$5</th></tr></tfoot></table>',
    );

    // Assess
    const table = blocks[0] as Extract<Block, { kind: 'table' }>;
    expect(table.rows.map((row) => row.map((cell) => cell.span))).toEqual([
      [1, 1, 1],
      [2, 1],
    ]);
  });

  it('closes cells, rows and list items that the HTML leaves open', () => {
    // Act
    const blocks = htmlToBlocks('<table><tr><td>a<td>b<tr><td>c<td>d</table><ul><li>one<li>two</ul>');

    // Assess
    const table = blocks[0] as Extract<Block, { kind: 'table' }>;
    expect(table.rows.map((row) => row.map((cell) => cell.lines[0]?.[0]?.text))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(texts(blocks.slice(1))).toEqual(['p[•]:one', 'p[•]:two']);
  });

  it('numbers ordered lists, indents nested ones and flattens a table nested in a cell', () => {
    // Prepare
    const html = `<ol start="3"><li>First<ul><li>inner</li></ul></li><li>Second</li></ol>
      <table><tr><td>Item</td><td><table><tr><td>x</td><td>y</td></tr></table></td></tr></table>`;

    // Act
    const blocks = htmlToBlocks(html);

    // Assess
    expect(texts(blocks.slice(0, 3))).toEqual(['p[3.]:First', 'p[•]:inner', 'p[4.]:Second']);
    expect(blocks.slice(0, 3).map((block) => (block.kind === 'text' ? block.indent : -1))).toEqual([1, 2, 1]);
    const table = blocks[3] as Extract<Block, { kind: 'table' }>;
    expect(table.rows[0]?.[1]?.lines).toEqual([
      [
        { text: 'x', bold: false },
        { text: '   ', bold: false },
        { text: 'y', bold: false },
      ],
    ]);
  });

  it('keeps the white space of preformatted text and reads a body whose head is never closed', () => {
    // Act
    const blocks = htmlToBlocks('<head><title>t</title><body><pre>a  b\n c</pre><hr></body>');

    // Assess
    expect(texts(blocks)).toEqual(['pre:a  b\n c', 'rule']);
  });
});
