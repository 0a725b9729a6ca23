import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { centerToaster, toaster } from '@/lib/toaster';

// jsdom lacks layout APIs that Chakra (zag) and the drawer call; stub them with inert versions.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
// jsdom has no layout, so nothing is ever on screen: an observer that never reports keeps parts loaded
// on approach (the delivery chart's plots) out of tests that do not bring them in themselves.
class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '0px';
  readonly thresholds: readonly number[] = [];
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
}
globalThis.IntersectionObserver ??= IntersectionObserverStub as unknown as typeof IntersectionObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollTo = vi.fn() as unknown as Element['scrollTo'];
Element.prototype.scrollIntoView = vi.fn();
window.matchMedia ??= (query: string): MediaQueryList =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

/** Expires every cookie the page can see (the tests share one document: `isolate: false`, vitest.config.ts). */
function clearCookies(): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}

afterEach(() => {
  cleanup();
  // The toast queues are module state: a toast a file leaves behind would show in the next file's tree.
  toaster.remove();
  centerToaster.remove();
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

// jsdom runs no animations and sends no animationend, yet jsdom 31 (not 29) makes getComputedStyle report
// the animation a stylesheet names (Chakra's dialog and menu exit animations): zag's presence would then
// wait forever for an end that never comes, and a closed dialog would stay in the document. Tests see
// the product without motion, as a user with reduced motion does.
if (!document.getElementById('test-no-motion')) {
  const noMotion = document.createElement('style');
  noMotion.id = 'test-no-motion';
  noMotion.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
  document.head.append(noMotion);
}
