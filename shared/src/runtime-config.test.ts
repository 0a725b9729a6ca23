import { describe, expect, it } from 'vitest';
import { embedRuntimeConfig, RUNTIME_CONFIG_ELEMENT_ID } from './runtime-config';

describe('embedRuntimeConfig', () => {
  it('puts the config in a JSON data block at the end of the head', () => {
    // Act
    const html = embedRuntimeConfig('<html><head><title>BidGrid</title></head><body></body></html>', '{"a":1}');

    // Assess
    expect(html).toBe(
      `<html><head><title>BidGrid</title>  <script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">{"a":1}</script>\n  </head><body></body></html>`,
    );
  });

  it('writes every < of a value as \\u003c, so no value can close the block', () => {
    // Act
    const html = embedRuntimeConfig('<head></head>', JSON.stringify({ supportUrl: 'https://x.example/</script><b>' }));

    // Assess
    const block = /<script type="application\/json"[^>]*>(.*)<\/script>/s.exec(html)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect(JSON.parse(block)).toEqual({ supportUrl: 'https://x.example/</script><b>' });
  });

  it('refuses a page without a head', () => {
    // Act
    const embed = (): string => embedRuntimeConfig('<body></body>', '{}');

    // Assess
    expect(embed).toThrow(/no <\/head>/);
  });
});
