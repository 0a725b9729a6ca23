import { performance } from 'node:perf_hooks';
import { accessTokenFor } from '../support/api';
import { createBigAgency } from '../support/big-agency';
import { spawnStack } from '../support/spawn-stack';
import { forgetStack, STACK_INFO_ENV, stackInfo } from '../support/stack';

/**
 * Issue 9 §6 figures: the invoices list (`POST /api/mailSents`) of an agency with 500 invoices, through
 * the local gateway. `first reply` is one call as a client makes it (before paging: every invoice with its
 * HTML body; now: the first page of 100, no bodies); `whole list` follows `nextCursor` to the end (one call
 * before paging). Written to run against older commits too (it only needs the test support modules), so
 * the same code measures before and after.
 */
export interface ListFigures {
  readonly invoices: number;
  readonly runs: number;
  /** One call: its reply's bytes and median / 95th percentile wall time. */
  readonly firstReply: { readonly bytes: number; readonly p50Ms: number; readonly p95Ms: number };
  /** Every page, one after the other: calls, bytes of all replies, median wall time of the whole walk. */
  readonly wholeList: { readonly calls: number; readonly bytes: number; readonly p50Ms: number };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
};

async function post(token: string, cursor: string | null): Promise<{ bytes: number; ms: number; next: string | null }> {
  const query = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  const started = performance.now();
  const res = await fetch(`${stackInfo().apiUrl}/api/mailSents${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench' }),
  });
  const text = await res.text();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`POST /api/mailSents answered ${res.status}: ${text.slice(0, 200)}`);
  const body = JSON.parse(text) as { nextCursor?: string | null };
  return { bytes: Buffer.byteLength(text), ms, next: body.nextCursor ?? null };
}

/** Measures the invoices list of a fresh agency with `invoices` invoices, on a fresh stack. */
export async function measureInvoiceList(options: { invoices: number; runs: number }): Promise<ListFigures> {
  forgetStack();
  const stack = await spawnStack({ web: 'none' });
  try {
    process.env[STACK_INFO_ENV] = stack.infoFile;
    const big = await createBigAgency({ logs: 0, invoices: options.invoices });
    const token = await accessTokenFor(big.username, big.password);
    for (let i = 0; i < 3; i++) await post(token, null);

    const first: number[] = [];
    let firstBytes = 0;
    for (let i = 0; i < options.runs; i++) {
      const reply = await post(token, null);
      first.push(reply.ms);
      firstBytes = reply.bytes;
    }

    const walks: number[] = [];
    let calls = 0;
    let bytes = 0;
    for (let i = 0; i < Math.max(3, Math.floor(options.runs / 4)); i++) {
      const started = performance.now();
      calls = 0;
      bytes = 0;
      let cursor: string | null = null;
      do {
        const reply = await post(token, cursor);
        calls++;
        bytes += reply.bytes;
        cursor = reply.next;
      } while (cursor !== null);
      walks.push(performance.now() - started);
    }
    return {
      invoices: options.invoices,
      runs: options.runs,
      firstReply: { bytes: firstBytes, p50Ms: percentile(first, 50), p95Ms: percentile(first, 95) },
      wholeList: { calls, bytes, p50Ms: percentile(walks, 50) },
    };
  } finally {
    await stack.stop();
  }
}

/** The figures as the bench prints them. */
export function formatListFigures(f: ListFigures): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  return [
    `first reply: ${kb(f.firstReply.bytes)}, p50 ${f.firstReply.p50Ms.toFixed(1)} ms, p95 ${f.firstReply.p95Ms.toFixed(1)} ms (${f.runs} calls)`,
    `whole list: ${f.wholeList.calls} call(s), ${kb(f.wholeList.bytes)} in all, p50 ${f.wholeList.p50Ms.toFixed(1)} ms`,
  ].join('\n');
}
