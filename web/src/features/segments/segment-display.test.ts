import { describe, expect, it } from 'vitest';
import { emailCount, visibleTag, visitorSegments } from './segment-display';

const segment = (segment_key: string, segment_description: string) => ({
  segment_key,
  segment_name: segment_key,
  segment_description,
  create_date: '2026-11-20T10:00:00.000Z',
  tag: '',
});

describe('visibleTag', () => {
  it('hides the first image tag only', () => {
    // Prepare
    const tag = '<img src="https://p/1" width="1" />\n<script>x()</script>\n<img src="https://p/2">';

    // Act
    const shown = visibleTag(tag);

    // Assess
    expect(shown).toBe('<script>x()</script>\n<img src="https://p/2">');
  });

  it('leaves a snippet without an image as it is', () => {
    expect(visibleTag('<script>x()</script>')).toBe('<script>x()</script>');
  });
});

describe('visitorSegments', () => {
  it("hides segments described 'Hashed Emails for ...'", () => {
    // Act
    const shown = visitorSegments([
      segment('a', 'Pricing visitors'),
      segment('b', 'Hashed Emails for Q4'),
      segment('c', ''),
    ]);

    // Assess
    expect(shown.map((s) => s.segment_key)).toEqual(['a', 'c']);
  });
});

describe('emailCount', () => {
  it('adds up the addresses of every group, none without groups', () => {
    // Prepare
    const groups = [
      { domain: 'acme.com', emails: ['a@acme.com', 'b@acme.com'] },
      { domain: 'general', emails: ['c@x.org'] },
    ];

    // Act
    const counted = [emailCount(groups), emailCount(undefined)];

    // Assess
    expect(counted).toEqual([3, 0]);
  });
});
