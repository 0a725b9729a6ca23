import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the visible part of the page, and from then on (it
 * never goes back to false): for work worth doing only for what the user may look at, such as loading a
 * chart's code. Where the browser has no IntersectionObserver the answer is true at once.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin = '300px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
