import { describe, expect, it } from 'vitest';
import { messageOf } from './error-message';

describe('messageOf', () => {
  it("is an Error's message, and any other value as text", () => {
    // Act
    const texts = [messageOf(new Error('Gone.')), messageOf('refused'), messageOf(404)];

    // Assess
    expect(texts).toEqual(['Gone.', 'refused', '404']);
  });
});
