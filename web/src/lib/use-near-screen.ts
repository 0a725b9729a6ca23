import { useEffect, useState, type RefObject } from 'react';
import { whenIdle } from './when-idle';

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
