import type { RealtimeParts } from './event';

/** Raised when one indivisible piece (an entry, a row) cannot fit a message on its own. */
export class PieceTooLargeError extends RangeError {
  constructor(what: string) {
    super(`${what} is too large for one realtime message.`);
    this.name = 'PieceTooLargeError';
  }
}

/**
 * Packs consecutive groups of items into as few wholes as possible, each built by `build` and
 * satisfying `fits` (and holding at most `maxItems` items). A group is never split. Size grows with
 * the items, so the longest prefix that fits is found by galloping and bisection: O(log n) `fits`
 * calls a whole instead of one per item (each call serialises the whole).
 */
export function packGroups<TItem, TWhole>(
  groups: ReadonlyArray<readonly TItem[]>,
  build: (items: TItem[]) => TWhole,
  fits: (whole: TWhole) => boolean,
  options: { maxItems?: number; what?: string } = {},
): TWhole[] {
  const maxItems = options.maxItems ?? Number.POSITIVE_INFINITY;
  const wholes: TWhole[] = [];
  // Prefix sums of item counts, so "groups i..j" has its item count in O(1).
  const counts = [0];
  for (const group of groups) counts.push((counts[counts.length - 1] as number) + group.length);
  const itemsOf = (from: number, to: number): TItem[] => groups.slice(from, to).flat();
  const ok = (from: number, to: number): boolean => {
    // One group alone may exceed `maxItems` (groups are never split); several may not.
    if ((counts[to] as number) - (counts[from] as number) > maxItems && to - from > 1) return false;
    return fits(build(itemsOf(from, to)));
  };
  let from = 0;
  while (from < groups.length) {
    if (!fits(build(itemsOf(from, from + 1)))) throw new PieceTooLargeError(options.what ?? 'An entry');
    // Gallop: 1, 2, 4, ... groups until one does not fit or the groups run out.
    let good = from + 1;
    let step = 1;
    let bad = groups.length + 1;
    while (good < groups.length) {
      const next = Math.min(from + step * 2, groups.length);
      if (ok(from, next)) {
        good = next;
        step *= 2;
        if (next === groups.length) break;
      } else {
        bad = next;
        break;
      }
    }
    // Bisect between the last size that fit and the first that did not.
    while (bad - good > 1) {
      const mid = Math.floor((good + bad) / 2);
      if (ok(from, mid)) good = mid;
      else bad = mid;
    }
    wholes.push(build(itemsOf(from, good)));
    from = good;
  }
  return wholes;
}

/** Parts of an array payload (lists and the like): split by items, merged by concatenation. */
export function arrayParts<T>(what = 'An item'): RealtimeParts<never, T[]> {
  return {
    splitPayload: (payload, fits) =>
      payload.length === 0
        ? [payload]
        : packGroups(
            payload.map((item) => [item]),
            (items) => items,
            fits,
            { what },
          ),
    merge: (payloads) => payloads.flat(),
  };
}
