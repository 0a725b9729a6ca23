/** How long work deferred to an idle moment waits at most. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` once the browser is idle, and at most `IDLE_TIMEOUT_MS` later: for work that must not
 * compete with what a page is busy showing first. Returns a function that cancels it.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(work, 0);
  return () => clearTimeout(handle);
}
