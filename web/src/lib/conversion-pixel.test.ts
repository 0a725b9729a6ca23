import { describe, expect, it, vi } from 'vitest';
import { CONVERSION_PIXEL_BASE_URL, conversionPixelSnippet, copyText } from './conversion-pixel';

describe('conversion pixel', () => {
  it("is an image tag on the bidder's event URL of the campaign's pixel_event_id", () => {
    // Act
    const snippet = conversionPixelSnippet('evt-7781', 'Spring <Launch> -- "A"');

    // Assess
    expect(snippet).toBe(
      [
        '<!-- BidGrid conversion pixel: Spring &lt;Launch&gt; - - &quot;A&quot; -->',
        `<img src="${CONVERSION_PIXEL_BASE_URL}/evt-7781?value=[CONVERSION_VALUE]&amp;order_id=[ORDER_ID]&amp;ord=[CACHEBUSTER]" width="1" height="1" style="display:none" alt="" />`,
      ].join('\n'),
    );
  });

  it('encodes an event id that is not URL-safe', () => {
    // Act
    const snippet = conversionPixelSnippet('a/b c', 'x');

    // Assess
    expect(snippet).toContain(`${CONVERSION_PIXEL_BASE_URL}/a%2Fb%20c?`);
  });

  it('copies through the Clipboard API when the page may use it', async () => {
    // Prepare
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });

    // Act
    const copied = await copyText('<img />');

    // Assess
    expect(copied).toBe(true);
    expect(writeText).toHaveBeenCalledWith('<img />');
    vi.unstubAllGlobals();
  });
});
