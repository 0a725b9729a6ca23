/**
 * Shortens a display text to `max` characters (spec 000 §9 truncation lengths: 36 for advertiser names
 * and breadcrumbs, 20, 25, 40 elsewhere). A cut text keeps its first `max` characters and gains an
 * ellipsis, so the visible part is exactly the length the spec names; callers show the full text in a
 * `title` so nothing is lost. Code points are counted, so an emoji is never split in half.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** True when `truncate(text, max)` would cut the text (the caller then adds a `title` with the full text). */
export function isTruncated(text: string, max: number): boolean {
  return Array.from(text).length > max;
}
