import { useEffect, useState, type RefObject } from 'react';

/** How long a deferred answer waits for the browser to be idle at most. */
export const IDLE_TIMEOUT_MS = 2000;

/** Runs `work` once the browser is idle (at most `IDLE_TIMEOUT_MS` later); returns a cancel function. */
function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}

/**
 * True once the element has come within `margin` of the visible part of the page, and from then on (it
 * never goes back to false): for work worth doing only for what the user may look at, such as loading a
 * chart's code. With `idle`, the answer also waits until the browser is idle, so that work never competes
 * with what a page is busy showing first (its data). Where the browser has no IntersectionObserver the
 * element counts as near at once.
 */
export function useNearScreen(
  ref: RefObject<Element | null>,
  { margin = '300px', idle = false }: { margin?: string; idle?: boolean } = {},
): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    let cancelIdle = (): void => undefined;
    const arrived = (): void => {
      if (idle) cancelIdle = whenIdle(() => setNear(true));
      else setNear(true);
    };
    if (typeof IntersectionObserver === 'undefined') {
      arrived();
      return () => cancelIdle();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          arrived();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      cancelIdle();
    };
  }, [ref, margin, idle, near]);
  return near;
}
