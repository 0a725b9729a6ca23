import { afterEach, describe, expect, it } from 'vitest';
import { fixClock, now, nowMs, setClock } from './clock';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('the clock', () => {
  it('reads the moment it is fixed at, as a Date and in milliseconds', () => {
    restore = fixClock('2028-02-29T23:59:30.000Z');
    expect(now().toISOString()).toBe('2028-02-29T23:59:30.000Z');
    expect(nowMs()).toBe(Date.UTC(2028, 1, 29, 23, 59, 30));
  });

  it('hands out a new Date each time, so a caller cannot move it', () => {
    restore = fixClock('2026-12-31T23:59:00.000Z');
    now().setUTCFullYear(1999);
    expect(now().getUTCFullYear()).toBe(2026);
  });

  it('follows a source that moves, and puts the previous one back', () => {
    let ms = 1_000;
    const outer = setClock(() => ms);
    const inner = fixClock(5_000);
    expect(nowMs()).toBe(5_000);
    inner();
    ms = 2_000;
    expect(nowMs()).toBe(2_000);
    outer();
    expect(Math.abs(nowMs() - performance.timeOrigin - performance.now())).toBeLessThan(1_000);
  });

  it('refuses a moment that is not one', () => {
    expect(() => fixClock('not a date')).toThrow(RangeError);
  });
});
