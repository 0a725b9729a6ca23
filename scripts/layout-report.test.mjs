import { describe, expect, it } from 'vitest';
import { parseLongFunction } from './layout-report.mjs';

describe('the layout report', () => {
  it("reads ESLint's long-function message as the function and its lines", () => {
    expect(
      parseLongFunction("Function 'createStripeSimulator' has too many lines (651). Maximum allowed is 150."),
    ).toEqual({ name: "Function 'createStripeSimulator'", lines: 651 });
    expect(parseLongFunction('Arrow function has too many lines (151). Maximum allowed is 150.')).toEqual({
      name: 'Arrow function',
      lines: 151,
    });
    expect(parseLongFunction('Unexpected console statement.')).toBeNull();
  });
});
