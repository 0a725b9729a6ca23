/**
 * The one clock. Every read of the current time in the product goes through `now()` (lint refuses
 * `Date.now()` and `new Date()` without arguments anywhere else); tests set it with `setClock`.
 * Elapsed time (timeouts, durations) is `performance.now()`, which is not the time of day.
 */
let source: () => number = () => Date.now();

/** The current time. */
export function now(): Date {
  return new Date(source());
}

/** The current time in milliseconds since the epoch. */
export function nowMs(): number {
  return source();
}

/** Makes `now()` read `next` (tests); answers the function that puts the previous clock back. */
export function setClock(next: () => number): () => void {
  const previous = source;
  source = next;
  return () => {
    source = previous;
  };
}

/** Fixes the clock at one moment (tests); answers the function that puts the previous clock back. */
export function fixClock(at: Date | string | number): () => void {
  const ms = new Date(at).getTime();
  if (Number.isNaN(ms)) throw new RangeError(`Not a moment: ${String(at)}`);
  return setClock(() => ms);
}
