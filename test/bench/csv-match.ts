import { now } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import {
  ZCompanyMatchResult,
  ZNoMatchExplanations,
  type TCompanyMatchResult,
  type TCompanyRow,
  type TNoMatchReason,
} from '@bidgrid/shared/targeting/company.schema';
import type { RealtimeEventDef } from '@bidgrid/shared/realtime/event';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { messageBytes, parseServerMessage, REALTIME_LIMITS } from '@bidgrid/shared/realtime/wire';
import { SIMULATOR_SECRETS } from '@bidgrid/local/gateway/lambda-env';
import {
  COMPANIES,
  COMPANY_MATCH_REQUESTS_PATH,
  createCompanyMatchSimulator,
  REDIRECTS,
  type CompanyMatchRequestCounts,
} from '@bidgrid/local/simulators/company-match';
import { serve } from '@bidgrid/local/simulators/test-server';
import { createLogger } from '@bidgrid/local/support/logger';
import { accessTokenFor } from '../support/api';
import { spawnStack } from '../support/spawn-stack';
import { forgetStack, STACK_INFO_ENV } from '../support/stack';

/** What one realtime call, sent in chunks one after the other, measured. */
export interface TCallFigures {
  chunks: number;
  /** From sending the first chunk to the last chunk's reply. */
  seconds: number;
  /** The longest time without a message (progress or a chunk's reply) while the call ran. */
  longestGapMs: number;
  progressMessages: number;
  /** Requests the company-match simulator saw during the call (IP ranges, company, refused with 429). */
  vendorRequests: CompanyMatchRequestCounts;
}

/** What one CSV upload measured: the match (phase 1), then the explanation of its misses (phase 2). */
export interface TCsvMatchFigures {
  domains: number;
  /** `getCSVKickfireMatches`: what the user waits for. */
  match: TCallFigures;
  /** `explainNoMatches` of the rows the match left `no-ranges`, in the background. */
  explain: TCallFigures & { entries: number };
  matches: number;
  unique: number;
  /** Reasons (and `matched`) of the unique rows as the match answered them. */
  reasonsAfterMatch: Record<string, number>;
  /** The same once the explanations replaced the interim ones. */
  reasons: Record<string, number>;
  /** What a one-phase match (every company look-up asked at once) gives the same lines. */
  onePhaseReasons: Record<string, number>;
}

/**
 * A CSV of `count` lines as users upload them: companies the matcher knows (some in other spellings:
 * a scheme, `www.`, upper case), domains that redirect, typos of known domains, company names, paths,
 * and mostly domains nobody knows, each probed for a likely typo.
 */
export function benchCsvDomains(count: number): string[] {
  const known = COMPANIES.map((c) => c.domain);
  return Array.from({ length: count }, (_, i) => {
    const k = known[Math.floor(i / 20) % known.length] as string;
    switch (i % 20) {
      case 0:
        return k;
      case 1:
        return `https://www.${k.toUpperCase()}/`;
      case 2:
        return (REDIRECTS[i % REDIRECTS.length] as { from: string }).from;
      case 3:
        return k.replace(/([a-z])([a-z])/, '$2$1');
      case 4:
        return `${k}/careers`;
      case 5:
        return `Bench Company ${i}`;
      default:
        return `bench-${i}.example.com`;
    }
  });
}

/**
 * Uploads `count` CSV lines over the realtime API of a fresh local stack as the Target Companies page
 * does: `getCSVKickfireMatches` (the request cut in chunks that fit a frame, sent one after the
 * other), timed with the longest time the page would go without news; then, as the page does in the
 * background, `explainNoMatches` of the rows answered `no-ranges`, timed the same way. The first run
 * is on an empty look-up cache (the goal's case); each further run uploads the same lines again on the
 * same stack (another upload, as another user or agency would), answered from the cache. The reasons
 * after both phases are compared with a one-phase match of the same lines (`onePhaseReasons`).
 */
export async function measureCsvMatch(options: { domains: number; runs?: number }): Promise<TCsvMatchFigures[]> {
  const onePhaseReasons = await onePhaseReasonsOf(benchCsvDomains(options.domains));
  forgetStack();
  const stack = await spawnStack({ web: 'none' });
  try {
    process.env[STACK_INFO_ENV] = stack.infoFile;
    const token = await accessTokenFor('demo');
    const figures: TCsvMatchFigures[] = [];
    for (let run = 0; run < (options.runs ?? 2); run++) {
      figures.push(await uploadOnce(stack.info, token, options.domains, onePhaseReasons));
    }
    return figures;
  } finally {
    await stack.stop();
    forgetStack();
  }
}

/** The reasons (and `matched`) of unique rows, counted. */
function countReasons(rows: readonly TCompanyRow[]): Record<string, number> {
  const reasons: Record<string, number> = {};
  for (const row of rows) {
    const key = row.domainInfo ? 'matched' : (row.noMatch?.code ?? 'unknown');
    reasons[key] = (reasons[key] ?? 0) + 1;
  }
  return reasons;
}

/**
 * The reasons a one-phase match gives `entries`: the same use case with every company look-up asked
 * at once (`misses: 'explain'`), in this process, against a simulator of the same dataset of its own.
 * A reference, not a measure: that simulator has no rate limit, so it takes seconds, not the 40 s the
 * paced vendor takes.
 */
async function onePhaseReasonsOf(entries: string[]): Promise<Record<string, number>> {
  const [{ createCompanyMatchClient }, { matchCompanies }, { memoryLookupCache }] = await Promise.all([
    import('@bidgrid/lambdas/adapters/company-match/company-match-client'),
    import('@bidgrid/lambdas/domain/targeting/match-companies.use-case'),
    import('@bidgrid/lambdas/domain/test-fakes'),
  ]);
  const unlimited = { burst: 1_000_000_000, perSecond: 1_000_000_000 };
  const sim = await serve(createCompanyMatchSimulator({ logger: createLogger('silent'), rateLimit: unlimited }).server);
  try {
    const matcher = createCompanyMatchClient({
      baseUrl: sim.url,
      apiKey: async () => SIMULATOR_SECRETS.COMPANY_MATCH_API_KEY,
      pace: unlimited,
      maxConcurrent: 32,
    });
    const result = await matchCompanies(
      { entries, runKey: 'one-phase-reference', misses: 'explain' },
      {
        matcher,
        lookupCache: memoryLookupCache(),
        segmentsLog: { runDate: async (_runKey, now) => now.toISOString(), putEntries: async () => undefined },
        now: () => now(),
      },
    );
    return countReasons(result.uniqueSegments);
  } finally {
    await sim.close();
  }
}

/**
 * Sends `request` as the typed call does (cut in chunks that fit a frame, one after the other, each
 * reply's parts merged), measuring the time, the longest silence and the vendor requests.
 */
async function callInChunks<TRequest extends object, TPayload>(
  socket: WebSocket,
  event: RealtimeEventDef,
  request: TRequest,
  parse: (payload: unknown) => TPayload,
  countsUrl: string,
): Promise<{ payload: TPayload; figures: TCallFigures }> {
  const parts = event.parts as
    | {
        splitRequest?: (r: TRequest, fits: (r: TRequest) => boolean) => TRequest[];
        merge: (p: readonly TPayload[]) => TPayload;
      }
    | undefined;
  const reqID = `bench-${randomUUID()}`;
  const fits = (chunk: TRequest) =>
    messageBytes({ action: event.name, reqID, chunk: { index: 9_999, count: 9_999 }, ...chunk }) <=
    REALTIME_LIMITS.clientMessageBudgetBytes;
  const chunks = parts?.splitRequest?.(request, fits) ?? [request];
  await fetch(countsUrl, { method: 'DELETE' });
  const results: TPayload[] = [];
  let progressMessages = 0;
  let longestGapMs = 0;
  const startedAt = performance.now();
  let lastMessageAt = startedAt;
  for (const [index, chunk] of chunks.entries()) {
    const payloads: TPayload[] = [];
    const replied = new Promise<void>((resolve, reject) => {
      const onMessage = (data: Buffer): void => {
        const message = parseServerMessage(data.toString('utf8'));
        if (!message || message.kind === 'notice') return;
        const now = performance.now();
        longestGapMs = Math.max(longestGapMs, now - lastMessageAt);
        lastMessageAt = now;
        if (message.kind === 'progress') {
          progressMessages++;
          return;
        }
        if (message.reply.reqID !== reqID) return;
        if (!message.reply.success) {
          socket.off('message', onMessage);
          reject(new Error(`${event.name} chunk ${index + 1}/${chunks.length} refused: ${message.reply.error ?? ''}`));
          return;
        }
        payloads.push(parse(message.reply.payload));
        const part = message.reply.part;
        if (part && part.index < part.count - 1) return;
        socket.off('message', onMessage);
        resolve();
      };
      socket.on('message', onMessage);
    });
    socket.send(
      JSON.stringify({
        action: event.name,
        reqID,
        ...(chunks.length > 1 ? { chunk: { index, count: chunks.length } } : {}),
        ...chunk,
      }),
    );
    await replied;
    results.push(parts ? parts.merge(payloads) : (payloads[0] as TPayload));
  }
  const seconds = (performance.now() - startedAt) / 1000;
  const vendorRequests = (await (await fetch(countsUrl)).json()) as CompanyMatchRequestCounts;
  return {
    payload: parts ? parts.merge(results) : (results[0] as TPayload),
    figures: { chunks: chunks.length, seconds, longestGapMs, progressMessages, vendorRequests },
  };
}

/** One upload of the bench's CSV over a new connection: the match, then the explanation of its misses. */
async function uploadOnce(
  info: { wsUrl: string; simulators: { companyMatch: string } },
  token: string,
  domains: number,
  onePhaseReasons: Record<string, number>,
): Promise<TCsvMatchFigures> {
  const socket = new WebSocket(`${info.wsUrl}?token=${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const countsUrl = `${info.simulators.companyMatch}${COMPANY_MATCH_REQUESTS_PATH}`;
  try {
    const match = await callInChunks(
      socket,
      realtimeEventsByName.getCSVKickfireMatches,
      { domains: benchCsvDomains(domains) },
      (payload): TCompanyMatchResult => ZCompanyMatchResult.parse(payload),
      countsUrl,
    );
    const rows = match.payload.uniqueSegments;
    const interim = rows.filter((row) => row.noMatch?.code === 'no-ranges').map((row) => row.domain);
    const explained = new Map<string, TNoMatchReason | null>();
    let explain: TCsvMatchFigures['explain'] = {
      entries: 0,
      chunks: 0,
      seconds: 0,
      longestGapMs: 0,
      progressMessages: 0,
      vendorRequests: { ranges: 0, company: 0, batchPaths: 0, throttled: 0 },
    };
    if (interim.length > 0) {
      const call = await callInChunks(
        socket,
        realtimeEventsByName.explainNoMatches,
        { domains: interim },
        (payload) => ZNoMatchExplanations.parse(payload),
        countsUrl,
      );
      for (const { domain, noMatch } of call.payload.reasons) explained.set(domain, noMatch);
      explain = { entries: interim.length, ...call.figures };
    }
    const final = rows.map((row) => {
      const reason = explained.get(row.domain);
      return reason ? { ...row, noMatch: reason } : row;
    });
    return {
      domains,
      match: match.figures,
      explain,
      matches: match.payload.matches,
      unique: rows.length,
      reasonsAfterMatch: countReasons(rows),
      reasons: countReasons(final),
      onePhaseReasons,
    };
  } finally {
    socket.close();
  }
}

const formatReasons = (reasons: Record<string, number>): string =>
  Object.entries(reasons)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');

const sameCounts = (a: Record<string, number>, b: Record<string, number>): boolean =>
  formatReasons(a) === formatReasons(b);

const formatVendor = (v: CompanyMatchRequestCounts): string =>
  `${v.ranges} IP ranges (${v.batchPaths} domains in batches), ${v.company} company, ${v.throttled} refused with 429`;

/** Whether the reasons after both phases are those of a one-phase match (the bench fails otherwise). */
export function csvReasonsAgree(f: TCsvMatchFigures): boolean {
  return sameCounts(f.reasons, f.onePhaseReasons);
}

/** The figures as the bench prints them. */
export function formatCsvMatchFigures(f: TCsvMatchFigures): string {
  return [
    `phase 1, the match: ${f.domains} CSV lines in ${f.match.chunks} chunks matched in ${f.match.seconds.toFixed(1)} s (goal <= 10 s)`,
    `  longest time without a message ${f.match.longestGapMs} ms (goal <= 1000 ms), ${f.match.progressMessages} progress messages`,
    `  ${f.unique} unique entries, ${f.matches} matched; ${formatReasons(f.reasonsAfterMatch)}`,
    `  vendor requests: ${formatVendor(f.match.vendorRequests)}`,
    `phase 2, in the background: ${f.explain.entries} no-ranges rows explained in ${f.explain.chunks} chunks in ${f.explain.seconds.toFixed(1)} s`,
    `  longest time without a message ${f.explain.longestGapMs} ms, ${f.explain.progressMessages} progress messages`,
    `  vendor requests: ${formatVendor(f.explain.vendorRequests)}`,
    `reasons after phase 2: ${formatReasons(f.reasons)}`,
    `one-phase reasons:     ${formatReasons(f.onePhaseReasons)} (${csvReasonsAgree(f) ? 'the same' : 'DIFFERENT'})`,
  ].join('\n');
}
