import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Moves the focus to the page's heading (the `h1` in `main`) after every change of page the user
 * brought about: a link, a sidebar entry, Back, the redirect after signing in. A single-page app
 * changes the page without the browser noticing, so without this the focus stays on a link that is
 * gone (the body, for a screen reader: nothing is announced and the next Tab starts at the top). On
 * the heading, a screen reader reads the new page's name and reading goes on from there.
 *
 * Left alone, as a screen-reader user expects:
 * - the page a visit starts on, and a redirect before the user did anything (the sign-in guard's):
 *   that is a page load, where the browser starts at the top of the document (skip link first);
 * - a change of the query only (a campaign picked, a filter): the same page, the user is on the control;
 * - a page where the focus already is inside the main content (a field that takes it, a control that
 *   stayed, such as the advertiser switcher when its advertiser is known).
 *
 * The heading may come later than the page (a page that shows a loader first): it is focused when it
 * appears, unless the focus went into the content meanwhile. It gets `tabindex="-1"`, so it takes the
 * focus without joining the Tab order.
 */
export function usePageFocus(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  const shown = useRef<string | null>(null);
  const interacted = useRef(false);

  useEffect(() => {
    const mark = (): void => {
      interacted.current = true;
    };
    document.addEventListener('pointerdown', mark, true);
    document.addEventListener('keydown', mark, true);
    return () => {
      document.removeEventListener('pointerdown', mark, true);
      document.removeEventListener('keydown', mark, true);
    };
  }, []);

  useEffect(() => {
    const previous = shown.current;
    shown.current = pathname;
    const root = main.current;
    if (previous === null || previous === pathname || !interacted.current || !root) return;

    const focusHeading = (): boolean => {
      const active = document.activeElement;
      if (active && active !== document.body && root.contains(active)) return true;
      const heading = root.querySelector('h1');
      if (!heading) return false;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, main]);
}
