import { describe, expect, it } from 'vitest';
import { bodyTextLines } from './body-text';

describe('bodyTextLines', () => {
  it("reads the billing job's HTML as lines: paragraphs and rows, cells side by side, entities decoded", () => {
    // Prepare
    const html = `<!doctype html><html><head><title>Hidden</title><style>p{}</style></head><body>
<h1>BidGrid invoice</h1><p>Invoice X &middot; charged <b>today</b></p>
<table><tr><th>Advertiser</th><td>A &amp; B &#322;&#x00f3;d&#378;</td></tr></table><!-- note --></body></html>`;

    // Act
    const lines = bodyTextLines(html);

    // Assess
    expect(lines).toEqual(['BidGrid invoice', 'Invoice X · charged today', 'Advertiser A & B łódź']);
  });

  it('shows nothing for a body without text', () => {
    // Act
    const lines = bodyTextLines('<div> </div>');

    // Assess
    expect(lines).toEqual([]);
  });
});
