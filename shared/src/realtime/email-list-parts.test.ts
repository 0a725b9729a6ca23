import { describe, expect, it } from 'vitest';
import { emailListParts } from './email-list-parts';

describe('emailListParts', () => {
  it('cuts a long list between addresses and merges it back whole', () => {
    // Prepare
    const emails = Array.from({ length: 50 }, (_, i) => `person${i}@acme.example`);
    const payload = emails.join(',');
    const fits = (part: string) => part.length <= 200;

    // Act
    const parts = emailListParts.splitPayload?.(payload, fits) ?? [];
    const merged = emailListParts.merge(parts);

    // Assess
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every(fits)).toBe(true);
    expect(parts.every((part) => part.split(',').every((email) => emails.includes(email)))).toBe(true);
    expect(merged).toBe(payload);
  });

  it('keeps a list that fits, and an empty one, as one part', () => {
    // Act
    const small = emailListParts.splitPayload?.('a@b.co,c@d.co', () => true);
    const empty = emailListParts.splitPayload?.('', () => false);

    // Assess
    expect(small).toEqual(['a@b.co,c@d.co']);
    expect(empty).toEqual(['']);
    expect(emailListParts.merge(['', ''])).toBe('');
  });
});
