import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { layoutTest as test, pageOverflow, SCREENS, stickyReport, textOverlaps } from './layout-checks';

/**
 * The layout checks of `layout.spec.ts` on pages made for the purpose: each finds the fault it is there
 * for (text over text, a page that scrolls sideways, a sticky column that moves, lets text through,
 * slides over the selection column or is drawn under scrolled text, a table cut at the edge, a scrollbar
 * that is not drawn) and passes the same page without it.
 */

const PAGE_HEAD = '<!doctype html><meta name="viewport" content="width=device-width, initial-scale=1">';

async function show(page: Page, body: string, css = ''): Promise<void> {
  await page.setContent(
    `${PAGE_HEAD}<style>*{box-sizing:border-box} body{margin:8px;font:16px/1.5 sans-serif}${css}</style>${body}`,
  );
}

/** Two words at `gap` pixels from each other (negative: drawn over each other). */
const twoWords = (gap: number): string =>
  `<div style="position:relative;height:40px">
     <span style="position:absolute;left:0;top:0">Subdomain</span>
     <span style="position:absolute;left:${80 + gap}px;top:0">Original</span>
   </div>`;

test.describe('text over text', () => {
  test('is found when two words are drawn over each other, and not when they stand apart', async ({ page }) => {
    await show(page, twoWords(-40));
    const overlaps = await textOverlaps(page);
    await show(page, twoWords(40));

    expect(overlaps).toHaveLength(1);
    expect([overlaps[0]?.a.text, overlaps[0]?.b.text].sort()).toEqual(['Original', 'Subdomain']);
    expect(await textOverlaps(page)).toEqual([]);
  });

  test('is found where a cell too narrow for its text lets it run into the next cell (the segments logs before)', async ({
    page,
  }) => {
    const grid = (cellCss: string): string =>
      `<table style="table-layout:fixed;width:300px;border-collapse:collapse"><tr>
         <td style="width:100px;${cellCss}">Nov 25th 2026, 10:42:17 am</td><td style="width:200px">shop.acme.example</td>
       </tr></table>`;
    await show(page, grid('white-space:nowrap;overflow:visible'));
    const runInto = await textOverlaps(page);
    await show(page, grid('white-space:normal'));

    expect(runInto.map((overlap) => overlap.b.text)).toContain('shop.acme.example');
    expect(await textOverlaps(page)).toEqual([]);
  });

  test('leaves out text clipped away by its box, hidden text and screen-reader-only text', async ({ page }) => {
    const clipped = (overflow: string): string =>
      `<div style="position:relative;height:30px">
         <div style="width:100px;overflow:${overflow};white-space:nowrap">A name far too long for its box</div>
         <span style="position:absolute;left:110px;top:0">Created</span>
       </div>`;
    await show(page, clipped('visible'));
    const unclipped = await textOverlaps(page);
    await show(
      page,
      `${clipped('hidden')}
       <div style="position:relative;height:30px">
         <span>Budget</span>
         <span style="position:absolute;left:0;top:0;visibility:hidden">Hidden words</span>
         <span style="position:absolute;left:0;top:0;opacity:0">Faded words</span>
         <span style="position:absolute;left:0;top:0;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap">Only for screen readers</span>
         <span style="display:none">Not displayed</span>
       </div>`,
    );

    expect(unclipped).toHaveLength(1);
    expect(await textOverlaps(page)).toEqual([]);
  });

  test('looks only inside the root it is given (a dialog over the page)', async ({ page }) => {
    await show(page, `${twoWords(-40)}<div id="dialog">${twoWords(40)}</div>`);

    expect(await textOverlaps(page)).toHaveLength(1);
    expect(await textOverlaps(page, '#dialog')).toEqual([]);
  });
});

test.describe('the page scrolling sideways', () => {
  test('is found, naming what sticks out, when a table is wider than the window; not when it scrolls in a box', async ({
    page,
  }) => {
    const wide = '<table aria-label="Wide"><tr><td style="min-width:2000px">Wide</td></tr></table>';
    await show(page, `<main>${wide}</main>`);
    const outside = await pageOverflow(page);
    await show(page, `<main><div style="overflow-x:auto">${wide}</div></main>`);

    expect(outside.overflow).toBeGreaterThan(0);
    expect(outside.offenders).toEqual([expect.stringMatching(/^table\[Wide\] reaches \d+px$/)]);
    expect(await pageOverflow(page)).toEqual({ overflow: 0, offenders: [] });
  });
});

/** How the crafted table goes wrong, if it does. */
interface TableFault {
  /** The name column is not sticky. */
  readonly noSticky?: boolean;
  /** The sticky cells have no background of their own. */
  readonly transparent?: boolean;
  /** The sticky name's offset is smaller than the selection column is wide. */
  readonly nameLeft?: string;
  /** A box with `overflow: hidden` between the scroll box and the table (a rounded frame, say). */
  readonly innerClip?: boolean;
  /** The first row's scrolling cells are drawn above its sticky cells. */
  readonly raisedContent?: boolean;
  /** The box cuts the table at the edge instead of scrolling. */
  readonly cut?: boolean;
  /** The box draws no scrollbar of its own (a phone then shows one only while scrolling). */
  readonly plainScrollbar?: boolean;
}

function craftedTable(fault: TableFault = {}): { body: string; css: string } {
  const cells = (tag: 'th' | 'td', row: number): string =>
    [
      `<${tag} class="sel"><input type="checkbox" aria-label="${tag === 'th' ? 'Select All' : `Select row ${row}`}"></${tag}>`,
      `<${tag} class="name">${tag === 'th' ? 'Name' : `Campaign number ${row}`}</${tag}>`,
      ...Array.from({ length: 8 }, (_, column) =>
        tag === 'th'
          ? `<th>Metric ${column + 1}</th>`
          : `<td>${row === 1 && fault.raisedContent ? '<span class="raised">1,234,567</span>' : '1,234,567'}</td>`,
      ),
    ].join('');
  const table = `<table aria-label="Crafted">
      <thead><tr style="background:#eee">${cells('th', 0)}</tr></thead>
      <tbody>${[1, 2, 3].map((row) => `<tr style="background:#fff">${cells('td', row)}</tr>`).join('')}</tbody>
    </table>`;
  const sticky = (left: string): string =>
    fault.noSticky ? '' : `position:sticky;left:${left};z-index:1;${fault.transparent ? '' : 'background:inherit;'}`;
  const css = `
    #box{width:300px;overflow-x:${fault.cut ? 'hidden' : 'auto'};border:1px solid #ccc}
    ${fault.plainScrollbar ? '' : '#box::-webkit-scrollbar{height:10px} #box::-webkit-scrollbar-thumb{background:#888}'}
    table{border-collapse:separate;border-spacing:0;white-space:nowrap}
    th,td{padding:8px;border-bottom:1px solid #ddd}
    .sel{width:40px;min-width:40px;max-width:40px;${sticky('0')}}
    .name{${sticky(fault.nameLeft ?? '40px')}box-shadow:inset -1px 0 0 #ccc}
    .raised{position:relative;z-index:2;display:block;margin:-8px;padding:8px;background:#fde}
    .frame{overflow:hidden;width:max-content}`;
  return { body: `<div id="box">${fault.innerClip ? `<div class="frame">${table}</div>` : table}</div>`, css };
}

async function reportOn(page: Page, fault?: TableFault) {
  const { body, css } = craftedTable(fault);
  await show(page, body, css);
  return stickyReport(page.getByRole('table', { name: 'Crafted' }));
}

for (const screen of SCREENS) {
  test.describe(`a wide table on a ${screen.name}`, () => {
    test.use({ viewport: screen.viewport, isMobile: screen.isMobile, hasTouch: screen.hasTouch });

    test('passes with its selection and name columns sticky, opaque and apart, and its scrollbar drawn', async ({
      page,
    }) => {
      const report = await reportOn(page);

      expect(report).toEqual({ wide: true, scrollbar: 10, stickyCells: 8, problems: [] });
    });

    test('fails when nothing stays at the left edge', async ({ page }) => {
      expect((await reportOn(page, { noSticky: true })).problems).toEqual(['nothing stays at the left edge']);
    });

    test('fails when the sticky column lets the scrolled text show through', async ({ page }) => {
      const { problems } = await reportOn(page, { transparent: true });

      expect(problems.length).toBeGreaterThan(0);
      expect(problems.every((problem) => / is not opaque \(background rgba\(0, 0, 0, 0\)\)$/.test(problem))).toBe(true);
    });

    test('fails when the sticky name slides over the selection column', async ({ page }) => {
      const { problems } = await reportOn(page, { nameLeft: '36px' });

      // The selection cells hold only a checkbox: they are named by their tag.
      expect(problems).toContain("'Campaign number 1' overlaps 'td' by 4.0px");
      expect(problems).toContain("'Name' overlaps 'th' by 4.0px");
    });

    test('fails when the sticky column moves with the scroll (a clipping frame between box and table)', async ({
      page,
    }) => {
      const { problems } = await reportOn(page, { innerClip: true });

      expect(
        problems.some((problem) =>
          /^'Campaign number 1' moved to -\d+\.\dpx instead of staying at 40\.0px$/.test(problem),
        ),
      ).toBe(true);
    });

    test('fails when scrolled content is drawn over the sticky column', async ({ page }) => {
      const { problems } = await reportOn(page, { raisedContent: true });

      // The selection cell holds only a checkbox: it is named by its tag.
      expect(problems).toEqual([
        "'td' is covered by span '1,234,567'",
        "'Campaign number 1' is covered by span '1,234,567'",
      ]);
    });

    test('fails when the table is cut at the edge instead of scrolling', async ({ page }) => {
      const { problems } = await reportOn(page, { cut: true });

      expect(problems).toEqual(['the table is wider than its parent and sits in no box that scrolls sideways']);
    });

    test(`${screen.isMobile ? 'fails' : 'passes'} with the browser's own scrollbar`, async ({ page }) => {
      const { problems, scrollbar } = await reportOn(page, { plainScrollbar: true });

      // A phone's overlay scrollbar is drawn only while scrolling: the table looks complete, cut at the edge.
      expect(problems).toEqual(screen.isMobile ? ['no horizontal scrollbar is drawn'] : []);
      expect(scrollbar).toBe(screen.isMobile ? 0 : 15);
    });
  });
}
