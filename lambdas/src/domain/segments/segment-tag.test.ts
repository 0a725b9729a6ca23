import { describe, expect, it } from 'vitest';
import { segmentTag } from './segment-tag';

describe('segmentTag', () => {
  it('starts with the image pixel of the key and carries a script form loading the same pixel', () => {
    // Act
    const tag = segmentTag('stinger-42');

    // Assess
    const [img, ...rest] = tag.split('\n');
    expect(img).toBe(
      '<img src="https://segment.prod.bidr.io/associate-segment?segment_key=stinger-42&value=0&ord=[CACHEBUSTER]" width="1" height="1" style="display:none" alt="" />',
    );
    expect(rest.join('\n')).toContain(
      "pixel.src = 'https://segment.prod.bidr.io/associate-segment?segment_key=stinger-42&value=0&ord=' + Date.now();",
    );
    expect(rest.join('\n')).not.toContain('<img');
  });

  it('encodes a key so it cannot break out of the attribute or the script string', () => {
    // Act
    const tag = segmentTag(`a"b'<c`);

    // Assess
    expect(tag).toContain('segment_key=a%22b%27%3Cc');
    expect(tag).not.toMatch(/a["'<]/);
  });
});
