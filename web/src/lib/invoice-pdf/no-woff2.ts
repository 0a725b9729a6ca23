/**
 * Stands in for fontkit's WOFF2 decoder (`brotli/decompress.js`, about 50 KB gzip of dictionary) in
 * the web build (vite.config.ts): the invoice PDF embeds only the fontsource WOFF files, never WOFF2.
 */
export default function decompressWoff2(): never {
  throw new Error('WOFF2 fonts are not used by the invoice PDF; embed the WOFF file instead');
}
