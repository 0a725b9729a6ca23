/**
 * The arithmetic of the load section (`load.ts`), kept free of I/O so its unit tests pin it down:
 * latency percentiles, how a reply counts, the error-rate verdict, the seeded choice of operations,
 * and what `/proc` says about a process.
 */

/** Latency figures of a set of samples, in milliseconds (NaN for an empty set). */
export interface TLatencySummary {
  count: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/**
 * The nearest-rank percentile (`p` in 0..100) of `sorted` (ascending): the smallest sample with at
 * least p% of the samples at or below it. Nearest rank never invents a value between two samples, so
 * a p99 printed is a latency some request had.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export function summarizeLatencies(samples: readonly number[]): TLatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: sorted.length === 0 ? Number.NaN : (sorted[sorted.length - 1] as number),
  };
}

/**
 * How one reply counts: `ok` (2xx with a successful envelope), `expected` (a 4xx the operation may
 * rightly answer under load, such as 409 when a concurrent edit of the same record won), `throttled`
 * (429: the caller went over the configured per-user limit, reported on its own), or `error`
 * (anything else: 5xx, a 2xx without a successful envelope, an unexpected 4xx, no reply at all).
 */
export type TReplyKind = 'ok' | 'expected' | 'throttled' | 'error';

export function classifyReply(
  reply: { status: number; envelopeSuccess: boolean } | null,
  expected: readonly number[] = [],
): TReplyKind {
  if (reply === null) return 'error';
  if (reply.status >= 200 && reply.status < 300) return reply.envelopeSuccess ? 'ok' : 'error';
  if (reply.status === 429) return 'throttled';
  // Only a 4xx can be expected: a 5xx is the product failing, whatever the caller listed.
  if (reply.status >= 400 && reply.status < 500 && expected.includes(reply.status)) return 'expected';
  return 'error';
}

/** Counts of one operation (or all of them) over a run. */
export interface TReplyCounts {
  ok: number;
  expected: number;
  throttled: number;
  errors: number;
}

export const requestsOf = (c: TReplyCounts): number => c.ok + c.expected + c.throttled + c.errors;

/** The bar for the load run: errors under 0.1% of the requests sent. */
export const MAX_ERROR_RATE = 0.001;

/**
 * Whether a run's errors stay under `limit` of its requests. 429s are not errors of the product (the
 * limit did its job) and are reported beside the rate; a run with no request at all fails, since it
 * proves nothing.
 */
export function errorRateVerdict(
  counts: TReplyCounts,
  limit = MAX_ERROR_RATE,
): { requests: number; rate: number; pass: boolean } {
  const requests = requestsOf(counts);
  const rate = requests === 0 ? 1 : counts.errors / requests;
  return { requests, rate, pass: requests > 0 && rate < limit };
}

/** A small seeded generator (mulberry32): the same seed gives every client the same sequence of choices. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Picks a key with probability proportional to its weight, from `random()` in [0, 1). */
export function weightedPick<K extends string>(weights: Readonly<Record<K, number>>, random: () => number): K {
  const entries = (Object.entries(weights) as [K, number][]).filter(([, w]) => w > 0);
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  if (entries.length === 0 || total <= 0) throw new Error('weightedPick needs a positive weight');
  let point = random() * total;
  for (const [key, weight] of entries) {
    if (point < weight) return key;
    point -= weight;
  }
  return (entries[entries.length - 1] as [K, number])[0];
}

/** What `/proc/<pid>/stat` says of a process: its parent and the CPU it used (user + system, in clock ticks). */
export interface TProcStat {
  pid: number;
  comm: string;
  ppid: number;
  cpuTicks: number;
}

/**
 * Parses `/proc/<pid>/stat` (proc(5)): `pid (comm) state ppid ... utime stime ...`. `comm` may hold
 * spaces and parentheses, so the fields are read after its last `)`: state is field 3, ppid 4, utime
 * 14 and stime 15.
 */
export function parseProcStat(text: string): TProcStat {
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  if (open < 0 || close < open) throw new Error(`not a /proc stat line: ${text.slice(0, 80)}`);
  const rest = text
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const field = (n: number): number => Number(rest[n - 3]);
  return {
    pid: Number(text.slice(0, open).trim()),
    comm: text.slice(open + 1, close),
    ppid: field(4),
    cpuTicks: field(14) + field(15),
  };
}

/** The resident set size in bytes from `/proc/<pid>/status` (`VmRSS: N kB`), 0 when absent (a zombie, a kernel thread). */
export function parseVmRssBytes(statusText: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(statusText);
  return match ? Number(match[1]) * 1024 : 0;
}

/** CPU used over a span as a share of one core, in percent (200% is both cores of this machine). */
export const coreShare = (cpuSeconds: number, wallSeconds: number): number =>
  wallSeconds > 0 ? (cpuSeconds / wallSeconds) * 100 : Number.NaN;
