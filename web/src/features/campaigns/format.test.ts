import { describe, expect, it } from 'vitest';
import { formatAxisCount, formatAxisDay, formatAxisUsd } from './format';

describe('chart axis labels', () => {
  it('writes a day short, with the year only when asked', () => {
    // Act
    const labels = [formatAxisDay('2026-01-05'), formatAxisDay('2026-12-31', true), formatAxisDay('not a day')];

    // Assess
    expect(labels).toEqual(['Jan 5', 'Dec 31, 2026', 'not a day']);
  });

  it('writes counts and money short', () => {
    // Act
    const counts = [0, 950, 12_500, 1_234_567].map(formatAxisCount);
    const money = [0, 180, 1_500, 2_250_000].map(formatAxisUsd);

    // Assess
    expect(counts).toEqual(['0', '950', '12.5K', '1.2M']);
    expect(money).toEqual(['$0', '$180', '$1.5K', '$2.3M']);
  });
});
