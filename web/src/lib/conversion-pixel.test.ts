import { describe, expect, it } from 'vitest';
import { conversionPixelSnippet } from './conversion-pixel';

describe('conversion pixel', () => {
  it("is an image tag on the bidder's own conversion tag URL, as the server gave it", () => {
    // Act
    const snippet = conversionPixelSnippet(
      'https://cnv.event.prod.bidr.io/log/cnv?tag_id=7781&buzz_key=acme&value=[VALUE]&segment_key=&order=[ORDER]&ord=[CACHEBUSTER]',
      'Spring <Launch> -- "A"',
    );

    // Assess
    expect(snippet).toBe(
      [
        '<!-- BidGrid conversion pixel: Spring &lt;Launch&gt; - - &quot;A&quot; -->',
        '<img src="https://cnv.event.prod.bidr.io/log/cnv?tag_id=7781&amp;buzz_key=acme&amp;value=[VALUE]&amp;segment_key=&amp;order=[ORDER]&amp;ord=[CACHEBUSTER]" width="1" height="1" style="display:none" alt="" />',
      ].join('\n'),
    );
  });

  it('escapes a URL that could close the attribute', () => {
    // Act
    const snippet = conversionPixelSnippet('https://cnv.example/x?a="b"<c>', 'x');

    // Assess
    expect(snippet).toContain('src="https://cnv.example/x?a=&quot;b&quot;&lt;c&gt;"');
  });
});
