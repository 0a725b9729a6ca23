import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Layout checks for the browser suite (issue 15 "tables that fit"): text that runs into other text, a
 * page that scrolls sideways, and a wide table whose sticky column or scrollbar lets the user down. Each
 * check runs in the page and answers a list of problems, empty when the layout is sound;
 * `layout-checks.spec.ts` proves on crafted pages that each one finds what it should, and
 * `layout.spec.ts` holds the app's pages to them.
 */

/**
 * The browser the layout specs run in. Playwright's headless Chromium hides every scrollbar
 * (`--hide-scrollbars`), so whether a wide table shows its scrollbar could not be seen: these specs keep
 * the scrollbars. On a desktop Chromium draws classic scrollbars; with `phone()` it draws a phone's
 * overlay scrollbars, which appear only while scrolling, unless the page draws its own.
 */
export const layoutTest = test.extend({
  launchOptions: [
    async ({ launchOptions }, use) => {
      await use({ ...launchOptions, ignoreDefaultArgs: ['--hide-scrollbars'] });
    },
    { scope: 'worker' },
  ],
});

/** The screens the issue names: a 1280 x 800 laptop and a 390 x 844 phone (touch, overlay scrollbars). */
export const SCREENS = [
  { name: 'laptop 1280x800', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false },
  { name: 'phone 390x844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
] as const;

/** One piece of text on screen: what it says and where it sits in the page. */
export interface TextSpot {
  readonly text: string;
  readonly path: string;
}

/** Two pieces of text drawn over each other, and how large the shared area is (CSS pixels). */
export interface TextOverlap {
  readonly a: TextSpot;
  readonly b: TextSpot;
  readonly width: number;
  readonly height: number;
}

/**
 * How much two text boxes may share before it counts: a line box is as tall as the font's ascent and
 * descent, which is often more than the line height, so lines set tight touch by a pixel or two; and
 * neighbouring words can touch by a fraction of a pixel.
 */
const TOLERANCE = { x: 1, y: 3 } as const;

/**
 * Every pair of text boxes under `root` (a CSS selector; the whole body when none) that intersect. A text
 * box is the rectangle of one line of one text node (`Range.getClientRects`), clipped to what its scroll
 * and overflow containers show; text that is hidden (`display`, `visibility`, `opacity`, `clip`, an
 * `sr-only` box of one pixel), clipped away or of no size takes no part.
 */
export async function textOverlaps(page: Page, root?: string): Promise<TextOverlap[]> {
  return page.evaluate(
    ({ rootSelector, tolerance }) => {
      interface Box {
        readonly node: Text;
        readonly left: number;
        readonly top: number;
        readonly right: number;
        readonly bottom: number;
      }
      const scope = rootSelector ? document.querySelector(rootSelector) : document.body;
      if (!scope) throw new Error(`No element matches ${rootSelector}`);

      const SKIPPED = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION', 'OPTGROUP', 'TITLE', 'TEXTAREA']);
      const describe = (element: Element): string => {
        const parts: string[] = [];
        for (let at: Element | null = element; at && parts.length < 4 && at !== document.body; at = at.parentElement) {
          const label = at.ariaLabel ?? (at instanceof HTMLElement ? at.dataset['testid'] : undefined);
          parts.unshift(`${at.tagName.toLowerCase()}${label ? `[${label}]` : ''}`);
        }
        return parts.join(' > ');
      };

      // The part of the page an element's content can show in: its own and its ancestors' overflow clips,
      // following the containing blocks (an absolute box escapes the clips of static ancestors, a fixed one
      // every clip). Null when a `clip` hides it altogether.
      interface Area {
        readonly left: number;
        readonly top: number;
        readonly right: number;
        readonly bottom: number;
      }
      const clipCache = new Map<Element, Area | null>();
      const visibleArea = (element: Element): Area | null => {
        const cached = clipCache.get(element);
        if (cached !== undefined) return cached;
        let left = -Infinity;
        let top = -Infinity;
        let right = Infinity;
        let bottom = Infinity;
        let escaping = false;
        let hidden = false;
        for (let at: Element | null = element; at && at !== document.documentElement; at = at.parentElement) {
          const style = getComputedStyle(at);
          const positioned = style.position !== 'static' || style.transform !== 'none';
          if (!(escaping && !positioned)) {
            if (style.clip !== 'auto' && style.clip !== '' && style.position === 'absolute') hidden = true;
            const rect = at.getBoundingClientRect();
            const innerLeft = rect.left + at.clientLeft;
            const innerTop = rect.top + at.clientTop;
            if (style.overflowX !== 'visible') {
              left = Math.max(left, innerLeft);
              right = Math.min(right, innerLeft + at.clientWidth);
            }
            if (style.overflowY !== 'visible') {
              top = Math.max(top, innerTop);
              bottom = Math.min(bottom, innerTop + at.clientHeight);
            }
          }
          if (style.position === 'fixed') break;
          if (style.position === 'absolute') escaping = true;
          else if (positioned) escaping = false;
        }
        // Edges, not a DOMRect: an unclipped side is infinite, and a DOMRect's right would be -∞ + ∞.
        const area = hidden ? null : { left, top, right, bottom };
        clipCache.set(element, area);
        return area;
      };

      const boxes: Box[] = [];
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const parent = node.parentElement;
        if (!parent || !node.data.trim() || parent.closest('svg title')) continue;
        if ([...SKIPPED].some((tag) => parent.closest(tag))) continue;
        if (
          !parent.checkVisibility({
            contentVisibilityAuto: true,
            opacityProperty: true,
            visibilityProperty: true,
          })
        )
          continue;
        const area = visibleArea(parent);
        if (!area) continue;
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) {
          const left = Math.max(rect.left, area.left);
          const right = Math.min(rect.right, area.right);
          const top = Math.max(rect.top, area.top);
          const bottom = Math.min(rect.bottom, area.bottom);
          // An sr-only box shows one pixel at most; nothing smaller than 2 x 2 pixels is readable.
          if (right - left < 2 || bottom - top < 2) continue;
          boxes.push({ node, left, top, right, bottom });
        }
      }

      const overlaps: Array<{
        a: { text: string; path: string };
        b: { text: string; path: string };
        width: number;
        height: number;
      }> = [];
      const spot = (box: Box) => ({
        text: box.node.data.trim().slice(0, 80),
        path: describe(box.node.parentElement as Element),
      });
      boxes.sort((a, b) => a.top - b.top);
      for (let i = 0; i < boxes.length; i += 1) {
        const a = boxes[i] as Box;
        for (let j = i + 1; j < boxes.length; j += 1) {
          const b = boxes[j] as Box;
          if (b.top >= a.bottom - tolerance.y) break;
          if (a.node === b.node) continue;
          const width = Math.min(a.right, b.right) - Math.max(a.left, b.left);
          const height = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          if (width > tolerance.x && height > tolerance.y) {
            overlaps.push({ a: spot(a), b: spot(b), width: Math.round(width), height: Math.round(height) });
          }
        }
      }
      return overlaps;
    },
    { rootSelector: root ?? null, tolerance: TOLERANCE },
  );
}

/** How far the page scrolls sideways (0 when it fits), and the outermost elements that stick out on the right. */
export interface PageOverflow {
  readonly overflow: number;
  readonly offenders: readonly string[];
}

/**
 * Whether the page itself is wider than the window (`document.scrollingElement.scrollWidth` past the
 * window's width without its scrollbar), naming the outermost elements that reach past the right edge
 * without a scroll box to hold them.
 */
export async function pageOverflow(page: Page): Promise<PageOverflow> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const width = document.documentElement.clientWidth;
    const clipsSideways = (element: Element): boolean => getComputedStyle(element).overflowX !== 'visible';
    const offenders: string[] = [];
    const visit = (element: Element): void => {
      for (const child of Array.from(element.children)) {
        const rect = child.getBoundingClientRect();
        if (rect.right > width + 0.5 && rect.width > 0) {
          const label = child.ariaLabel ?? child.id;
          offenders.push(
            `${child.tagName.toLowerCase()}${label ? `[${label}]` : ''} reaches ${Math.round(rect.right)}px`,
          );
          continue;
        }
        if (!clipsSideways(child)) visit(child);
      }
    };
    const overflow = Math.max(0, scroller.scrollWidth - width);
    if (overflow > 0) visit(document.body);
    return { overflow, offenders: offenders.slice(0, 5) };
  });
}

/** What a wide table does when its box is scrolled to the far end. */
export interface StickyReport {
  /** The table is wider than the box it scrolls in. */
  readonly wide: boolean;
  /** The thickness of the box's horizontal scrollbar as drawn (0 for an overlay scrollbar or none). */
  readonly scrollbar: number;
  /** The number of cells that stay at the left edge in the rows looked at. */
  readonly stickyCells: number;
  /** Everything wrong, in words; empty when the table behaves. */
  readonly problems: readonly string[];
}

/**
 * Scrolls the box a table sits in to its far end and back, and reports what went wrong: a table wider than
 * its box with nothing that stays at the left edge, a sticky cell that moved away from its place, one that
 * lets the text under it show through (a background that is not opaque), one that slides over the sticky
 * cell before it (the selection column), one that scrolled text is drawn over, a box that does not scroll,
 * or a scrollbar that is not drawn. Looks at the header row and the first few body rows.
 */
export async function stickyReport(table: Locator): Promise<StickyReport> {
  await table.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'nearest' }));
  return table.evaluate((tableElement) => {
    const table = tableElement as HTMLTableElement;
    const problems: string[] = [];
    let box: HTMLElement | null = table.parentElement;
    while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) box = box.parentElement;
    if (!box || box === document.documentElement || box === document.body) {
      const parent = table.parentElement as HTMLElement;
      const wide = table.getBoundingClientRect().width > parent.clientWidth + 1;
      if (wide) problems.push('the table is wider than its parent and sits in no box that scrolls sideways');
      return { wide, scrollbar: 0, stickyCells: 0, problems };
    }
    const scrollBox = box;
    const boxStyle = getComputedStyle(scrollBox);
    const wide = scrollBox.scrollWidth > scrollBox.clientWidth + 1;
    const scrollbar =
      scrollBox.offsetHeight -
      scrollBox.clientHeight -
      parseFloat(boxStyle.borderTopWidth) -
      parseFloat(boxStyle.borderBottomWidth);

    // The header row and the first body rows of this table (not of a table nested in an expanded row);
    // a row of one cell (an expansion, the empty text) has no columns.
    const rows = Array.from(table.rows)
      .filter((row) => row.cells.length > 1)
      .slice(0, 4);
    const stickyOf = (row: HTMLTableRowElement): HTMLTableCellElement[] =>
      Array.from(row.cells).filter((cell) => {
        const style = getComputedStyle(cell);
        return style.position === 'sticky' && style.left !== 'auto';
      });
    const boxLeft = (): number => scrollBox.getBoundingClientRect().left + scrollBox.clientLeft;
    const before = new Map(
      rows.flatMap((row) => stickyOf(row).map((cell) => [cell, cell.getBoundingClientRect().left - boxLeft()])),
    );
    const stickyCells = before.size;

    const start = scrollBox.scrollLeft;
    scrollBox.scrollLeft = scrollBox.scrollWidth;
    const scrolled = scrollBox.scrollLeft - start;
    if (wide) {
      if (scrolled <= 0) problems.push('the box does not scroll sideways');
      if (stickyCells === 0) problems.push('nothing stays at the left edge');
      if (scrollbar <= 0) problems.push('no horizontal scrollbar is drawn');
    }
    for (const row of rows) {
      const cells = stickyOf(row);
      let previousRight = -Infinity;
      let previousText = '';
      for (const cell of cells) {
        const style = getComputedStyle(cell);
        const name = `'${(cell.textContent ?? '').trim().slice(0, 40) || cell.tagName.toLowerCase()}'`;
        const rect = cell.getBoundingClientRect();
        const left = rect.left - boxLeft();
        // Where it belongs: pinned at its offset, or still on its way there when the scroll is shorter.
        const expected = Math.max(parseFloat(style.left), (before.get(cell) ?? left) - scrolled);
        if (Math.abs(left - expected) > 0.5) {
          problems.push(`${name} moved to ${left.toFixed(1)}px instead of staying at ${expected.toFixed(1)}px`);
        }
        const alpha = /rgba?\(([^)]+)\)/.exec(style.backgroundColor)?.[1]?.split(/[\s,/]+/)[3];
        if (style.backgroundColor === 'transparent' || (alpha !== undefined && parseFloat(alpha) < 1)) {
          problems.push(`${name} is not opaque (background ${style.backgroundColor})`);
        }
        if (rect.left < previousRight - 0.5) {
          problems.push(`${name} overlaps ${previousText} by ${(previousRight - rect.left).toFixed(1)}px`);
        }
        previousRight = rect.right;
        previousText = name;
        // Drawn on top: whatever scrolled under it must not show above it.
        const x = Math.min(rect.left + rect.width / 2, rect.left + 8);
        const y = rect.top + rect.height / 2;
        const hit = y >= 0 && y < window.innerHeight ? document.elementFromPoint(x, y) : cell;
        if (hit && hit !== cell && !cell.contains(hit)) {
          problems.push(
            `${name} is covered by ${hit.tagName.toLowerCase()} '${(hit.textContent ?? '').trim().slice(0, 40)}'`,
          );
        }
      }
    }
    scrollBox.scrollLeft = start;
    return { wide, scrollbar, stickyCells, problems };
  });
}

/** Waits until the fonts and images are in and no entry animation is running (dialogs, toasts). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document.fonts.status === 'loaded' &&
      Array.from(document.images).every((image) => image.complete) &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** Attaches a full-page screenshot to the test's report. */
export async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await testInfo.attach(name, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
}

/**
 * Holds a page to the layout checks, retrying while the layout settles: no text over other text (within
 * `root` when given, e.g. a dialog) and no sideways scroll of the page.
 */
export async function expectSoundLayout(page: Page, root?: string): Promise<void> {
  await settled(page);
  await expect.poll(() => textOverlaps(page, root), { message: 'text drawn over other text' }).toEqual([]);
  await expect
    .poll(() => pageOverflow(page), { message: 'the page scrolls sideways' })
    .toEqual({
      overflow: 0,
      offenders: [],
    });
}

/**
 * Holds a table to the sticky checks: its sticky column stays in place, opaque and clear of the selection
 * column; when it is wider than its box, its scrollbar is drawn. Answers whether it was wide.
 */
export async function expectStickyTable(table: Locator): Promise<boolean> {
  let wide = false;
  await expect
    .poll(
      async () => {
        const report = await stickyReport(table);
        wide = report.wide;
        return report.problems;
      },
      { message: 'the table keeps its sticky column and its scrollbar' },
    )
    .toEqual([]);
  return wide;
}
