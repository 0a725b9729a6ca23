import { describe, expect, it } from 'vitest';
import { system } from '../src/theme/system';
import { renderChakraGlobalCss } from './chakra-global-css';

describe('renderChakraGlobalCss', () => {
  const css = renderChakraGlobalCss(system);

  it('declares the cascade layers first, in the order the components are written in', () => {
    // Assess
    expect(css.startsWith('@layer reset,base,tokens,recipes;')).toBe(true);
  });

  it('holds the reset, the global styles and every token variable the provider would insert', () => {
    // Assess
    expect(css).toMatch(/@layer reset\{[^]*box-sizing:border-box/);
    expect(css).toContain('@layer base{');
    expect(css).toContain('--chakra-colors-blue-600:');
    expect(css).toContain('--chakra-radii-l2:');
    // The app's own theme values (spec 000 §9: border radius 5, body text 0.92rem) are in it too.
    expect(css).toMatch(/0\.92rem/);
  });

  it('renders every entry of the system’s global styles', () => {
    // Assess: one rule block or more per entry (the layers statement, the reset, the global css, the tokens)
    expect(system._global).toHaveLength(3);
    expect(css.match(/@layer (reset|base|tokens)\{/g)).toEqual(['@layer reset{', '@layer base{', '@layer tokens{']);
  });
});
