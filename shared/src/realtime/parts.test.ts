import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayParts, packGroups, PieceTooLargeError } from './parts';
import { messageBytes } from './wire';

describe('packGroups', () => {
  it('packs groups in order into wholes that each fit, never splitting a group', () => {
    // Prepare
    const groups = [['a', 'a'], ['b'], ['c', 'c', 'c'], ['d']];
    const fits = (items: string[]) => items.length <= 3;
    // Act
    const wholes = packGroups(groups, (items) => items, fits);
    // Assess
    expect(wholes).toEqual([['a', 'a', 'b'], ['c', 'c', 'c'], ['d']]);
  });

  it('keeps at most maxItems items in a whole, unless one group alone is larger', () => {
    const wholes = packGroups(
      [[1], [2], [3, 4, 5], [6]],
      (items) => items,
      () => true,
      { maxItems: 2 },
    );
    expect(wholes).toEqual([[1, 2], [3, 4, 5], [6]]);
  });

  it('throws when one group cannot fit on its own', () => {
    expect(() =>
      packGroups(
        [['tiny'], ['x'.repeat(50)]],
        (items) => items,
        (items) => messageBytes(items) < 40,
      ),
    ).toThrow(PieceTooLargeError);
  });

  it('finds the fullest wholes with few size checks, for any list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 4 }), { maxLength: 200 }),
        (groups) => {
          // Prepare
          let checks = 0;
          const fits = (items: string[]) => {
            checks++;
            return messageBytes(items) <= 400;
          };
          // Act
          const wholes = packGroups(groups, (items) => items, fits);
          // Assess: nothing lost or reordered, every whole fits, and adding the next group would not.
          expect(wholes.flat()).toEqual(groups.flat());
          for (const whole of wholes) expect(messageBytes(whole)).toBeLessThanOrEqual(400);
          expect(checks).toBeLessThanOrEqual(Math.max(1, wholes.length) * (2 * Math.log2(groups.length + 2) + 4));
        },
      ),
    );
  });
});

describe('arrayParts', () => {
  it('splits an array payload to fit and merges it back', () => {
    // Prepare
    const parts = arrayParts<{ id: number; name: string }>();
    const lists = Array.from({ length: 50 }, (_, id) => ({ id, name: `List ${id}` }));
    // Act
    const split = parts.splitPayload?.(lists, (payload) => messageBytes(payload) <= 300) ?? [];
    // Assess
    expect(split.length).toBeGreaterThan(1);
    expect(parts.merge(split)).toEqual(lists);
    expect(parts.splitPayload?.([], () => true)).toEqual([[]]);
  });
});
