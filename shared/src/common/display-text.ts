/**
 * Text other people see (names of advertisers, campaigns, ad groups, creatives, templates, lists,
 * segments, companies and agencies; descriptions) must show what it says. Control characters can
 * hide or break it, and Unicode bidirectional controls can reorder it on screen: `invoice\u202Etxt.exe`
 * displays as `invoiceexe.txt`. Both are removed before anything is stored, by the shared schemas,
 * so the browser's form and the server agree on the value.
 */

/** C0 whitespace controls: tab, line feed, vertical tab, form feed, carriage return. */
const WHITESPACE_CONTROLS = /[\t\n\v\f\r]/g;
/**
 * C0 and C1 controls and DEL (whitespace handled by the callers), bidi embeddings and overrides
 * (U+202A-U+202E), isolates (U+2066-U+2069) and marks (LRM U+200E, RLM U+200F, ALM U+061C).
 * Joiners (U+200C, U+200D) stay: scripts and emoji need them, and they reorder nothing.
 */
// Controls are exactly what this pattern is for.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** A one-line name as it may be shown: line breaks and tabs become spaces, the rest is removed, trimmed. */
export function cleanDisplayName(value: string): string {
  return value.replace(WHITESPACE_CONTROLS, ' ').replace(UNSAFE, '').trim();
}

/** A multiline description as it may be shown: line breaks (as `\n`) and tabs stay, the rest is removed, trimmed. */
export function cleanDisplayDescription(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\v\f]/g, ' ')
    .replace(UNSAFE, '')
    .trim();
}
