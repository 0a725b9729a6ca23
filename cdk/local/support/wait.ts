/**
 * Polls `probe` until it returns a value other than `undefined`, or fails with `message` after
 * `timeoutMs`. Used to wait for emulators to answer; never a fixed sleep.
 */
export async function waitUntil<T>(
  probe: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs?: number; message: string; abort?: () => string | undefined },
): Promise<T> {
  const deadline = performance.now() + options.timeoutMs;
  for (;;) {
    const aborted = options.abort?.();
    if (aborted) throw new Error(aborted);
    const value = await probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(options.message);
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 100));
  }
}
