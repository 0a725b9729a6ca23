import { describe, expect, it } from 'vitest';
import { toggleItem, toggleMember } from './toggle-item';

describe('toggleItem', () => {
  it('adds a checked item once, last', () => {
    // Prepare
    const items = ['a', 'b'];

    // Act
    const added = toggleItem(items, 'c', true);
    const again = toggleItem(added, 'a', true);

    // Assess
    expect(added).toEqual(['a', 'b', 'c']);
    expect(again).toEqual(['b', 'c', 'a']);
    expect(items).toEqual(['a', 'b']);
  });

  it('takes an unchecked item out', () => {
    // Act
    const removed = toggleItem([1, 2, 3], 2, false);

    // Assess
    expect(removed).toEqual([1, 3]);
  });
});

describe('toggleMember', () => {
  it('returns a new set with the key in or out', () => {
    // Prepare
    const members = new Set(['a.com']);

    // Act
    const added = toggleMember(members, 'b.com', true);
    const removed = toggleMember(added, 'a.com', false);

    // Assess
    expect([...added]).toEqual(['a.com', 'b.com']);
    expect([...removed]).toEqual(['b.com']);
    expect([...members]).toEqual(['a.com']);
  });
});
