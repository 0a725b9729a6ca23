import { describe, expect, it } from 'vitest';
import { isTruncated, truncate } from './truncate';

describe('truncate', () => {
  it('keeps a text of the limit or shorter as it is', () => {
    // Act
    const exact = truncate('a'.repeat(36), 36);
    const short = truncate('Acme', 36);

    // Assess
    expect(exact).toBe('a'.repeat(36));
    expect(short).toBe('Acme');
    expect(isTruncated('a'.repeat(36), 36)).toBe(false);
  });

  it('cuts a longer text to the limit and adds an ellipsis', () => {
    // Prepare
    const name = 'The Very Long Advertiser Name Incorporated Worldwide';

    // Act
    const shown = truncate(name, 36);

    // Assess
    expect(shown).toBe(`${name.slice(0, 36)}…`);
    expect(isTruncated(name, 36)).toBe(true);
  });

  it('never splits a character made of two code units and drops a trailing space before the ellipsis', () => {
    // Act
    const emoji = truncate('🚀🚀🚀', 2);
    const spaced = truncate('abc def', 4);

    // Assess
    expect(emoji).toBe('🚀🚀…');
    expect(spaced).toBe('abc…');
  });
});
