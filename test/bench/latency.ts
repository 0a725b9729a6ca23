import { performance } from 'node:perf_hooks';

export interface LatencyResult {
  requests: number;
  errors: number;
  p50Ms: number;
  p99Ms: number;
  requestsPerSecond: number;
}

const percentile = (sorted: number[], p: number): number =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

/**
 * `clients` concurrent loops send the same request for `seconds`; bounded in time and only ever aimed
 * at the local stack on 127.0.0.1. Non-2xx replies count as errors.
 */
export async function measureLatency(
  url: string,
  headers: Record<string, string>,
  clients: number,
  seconds: number,
): Promise<LatencyResult> {
  if (!/^http:\/\/127\.0\.0\.1[:/]/.test(url)) throw new Error(`refusing to load-test a non-loopback URL: ${url}`);
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - t0);
        else errors++;
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, loop));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length + errors,
    errors,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    requestsPerSecond: latencies.length / elapsed,
  };
}
