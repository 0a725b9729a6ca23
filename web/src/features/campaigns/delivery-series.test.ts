import { describe, expect, it } from 'vitest';
import { system } from '@/theme/system';
import { DELIVERY_TOKENS, tokenColor } from './delivery-series';

describe('delivery chart colours', () => {
  it("names each token's CSS variable as the theme defines it", () => {
    // Act
    const tokens = Object.values(DELIVERY_TOKENS);

    // Assess
    expect(tokens.map(tokenColor)).toEqual(tokens.map((token) => system.token.var(`colors.${token}`)));
    expect(tokens.every((token) => system.tokens.getByName(`colors.${token}`) !== undefined)).toBe(true);
  });
});
