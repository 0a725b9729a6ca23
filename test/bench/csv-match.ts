import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { ZCompanyMatchResult, type TCompanyMatchResult } from '@bidgrid/shared/entities/company.schema';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { messageBytes, parseServerMessage, REALTIME_LIMITS } from '@bidgrid/shared/realtime/wire';
import {
  COMPANIES,
  COMPANY_MATCH_REQUESTS_PATH,
  REDIRECTS,
  type CompanyMatchRequestCounts,
} from '@bidgrid/local/simulators/company-match';
import { accessTokenFor } from '../support/api';
import { spawnStack } from '../support/spawn-stack';
import { forgetStack, STACK_INFO_ENV } from '../support/stack';

/** What one CSV match measured. */
export interface TCsvMatchFigures {
  domains: number;
  chunks: number;
  /** From sending the first chunk to the last chunk's reply. */
  seconds: number;
  /** The longest time without a message (progress or a chunk's reply) while the match ran. */
  longestGapMs: number;
  progressMessages: number;
  matches: number;
  unique: number;
  reasons: Record<string, number>;
  /** Requests the company-match simulator saw during the match (IP ranges, company, refused with 429). */
  vendorRequests: CompanyMatchRequestCounts;
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
 * Matches `count` CSV domains over the realtime API of a fresh local stack as the Target Companies page
 * does (`getCSVKickfireMatches`, the request cut in chunks that fit a frame, sent one after the other),
 * timing it and the longest time the page would go without news. The first run is on an empty look-up
 * cache (the goal's case); each further run uploads the same lines again on the same stack (another
 * upload, as another user or agency would), answered from the cache.
 */
export async function measureCsvMatch(options: { domains: number; runs?: number }): Promise<TCsvMatchFigures[]> {
  forgetStack();
  const stack = await spawnStack({ web: 'none' });
  try {
    process.env[STACK_INFO_ENV] = stack.infoFile;
    const token = await accessTokenFor('demo');
    const figures: TCsvMatchFigures[] = [];
    for (let run = 0; run < (options.runs ?? 2); run++) {
      figures.push(await matchOnce(stack.info, token, options.domains));
    }
    return figures;
  } finally {
    await stack.stop();
    forgetStack();
  }
}

/** One upload of the bench's CSV over a new connection, measured. */
async function matchOnce(
  info: { wsUrl: string; simulators: { companyMatch: string } },
  token: string,
  domains: number,
): Promise<TCsvMatchFigures> {
  const event = realtimeEventsByName.getCSVKickfireMatches;
  const reqID = `bench-${randomUUID()}`;
  const request = { domains: benchCsvDomains(domains) };
  const fits = (chunk: unknown) =>
    messageBytes({ action: event.name, reqID, chunk: { index: 9_999, count: 9_999 }, ...(chunk as object) }) <=
    REALTIME_LIMITS.clientMessageBudgetBytes;
  const chunks = event.parts?.splitRequest?.(request, fits) ?? [request];
  const socket = new WebSocket(`${info.wsUrl}?token=${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const countsUrl = `${info.simulators.companyMatch}${COMPANY_MATCH_REQUESTS_PATH}`;
  await fetch(countsUrl, { method: 'DELETE' });
  const results: TCompanyMatchResult[] = [];
  let progressMessages = 0;
  let lastMessageAt = 0;
  let longestGapMs = 0;
  const startedAt = Date.now();
  lastMessageAt = startedAt;
  try {
    for (const [index, chunk] of chunks.entries()) {
      const parts: unknown[] = [];
      const replied = new Promise<void>((resolve, reject) => {
        const onMessage = (data: Buffer): void => {
          const message = parseServerMessage(data.toString('utf8'));
          if (!message || message.kind === 'notice') return;
          const now = Date.now();
          longestGapMs = Math.max(longestGapMs, now - lastMessageAt);
          lastMessageAt = now;
          if (message.kind === 'progress') {
            progressMessages++;
            return;
          }
          if (message.reply.reqID !== reqID) return;
          if (!message.reply.success) {
            socket.off('message', onMessage);
            reject(new Error(`chunk ${index + 1}/${chunks.length} refused: ${message.reply.error ?? ''}`));
            return;
          }
          parts.push(message.reply.payload);
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
      const payloads = parts.map((p) => ZCompanyMatchResult.parse(p));
      results.push(event.parts?.merge ? event.parts.merge(payloads) : (payloads[0] as TCompanyMatchResult));
    }
  } finally {
    socket.close();
  }
  const seconds = (Date.now() - startedAt) / 1000;
  const vendorRequests = (await (await fetch(countsUrl)).json()) as CompanyMatchRequestCounts;
  const merged = event.parts?.merge ? event.parts.merge(results) : (results[0] as TCompanyMatchResult);
  const reasons: Record<string, number> = {};
  for (const row of merged.uniqueSegments) {
    const key = row.domainInfo ? 'matched' : (row.noMatch?.code ?? 'unknown');
    reasons[key] = (reasons[key] ?? 0) + 1;
  }
  return {
    domains,
    chunks: chunks.length,
    seconds,
    longestGapMs,
    progressMessages,
    matches: merged.matches,
    unique: merged.uniqueSegments.length,
    reasons,
    vendorRequests,
  };
}

/** The figures as the bench prints them. */
export function formatCsvMatchFigures(f: TCsvMatchFigures): string {
  const reasons = Object.entries(f.reasons)
    .sort(([, a], [, b]) => b - a)
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');
  return [
    `${f.domains} CSV lines in ${f.chunks} chunks: matched in ${f.seconds.toFixed(1)} s (goal <= 10 s)`,
    `longest time without a message ${f.longestGapMs} ms (goal <= 1000 ms), ${f.progressMessages} progress messages`,
    `${f.unique} unique entries, ${f.matches} matched; ${reasons}`,
    `vendor requests: ${f.vendorRequests.ranges} IP ranges (${f.vendorRequests.batchPaths} domains in batches), ${f.vendorRequests.company} company, ${f.vendorRequests.throttled} refused with 429`,
  ].join('\n');
}
