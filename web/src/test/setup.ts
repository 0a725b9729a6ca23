import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

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

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

// jsdom runs no animations and sends no animationend, yet jsdom 31 (not 29) makes getComputedStyle report
// the animation a stylesheet names (Chakra's dialog and menu exit animations): zag's presence would then
// wait forever for an end that never comes, and a closed dialog would stay in the document. Tests see
// the product without motion, as a user with reduced motion does.
const noMotion = document.createElement('style');
noMotion.textContent = '*, *::before, *::after { animation: none !important; transition: none !important; }';
document.head.append(noMotion);
