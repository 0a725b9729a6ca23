import { now } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { WebSocket } from 'ws';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { messageBytes, parseServerMessage, REALTIME_LIMITS } from '@bidgrid/shared/realtime/wire';
import { accessTokenFor } from '../support/api';
import { appItem, bidderSession, localDynamoDb, rememberCompanyLookups } from '../support/local-data';
import { spawnStack } from '../support/spawn-stack';
import type { SpawnedStack } from '../support/spawn-stack';
import { forgetStack, STACK_INFO_ENV, stackInfo } from '../support/stack';
import { adGroupWithBanner, bidderAdvertiserId } from '../support/wizard-campaign';

/** The bidder as the issue sets it for the bench: 50 ms a call, at most 20 calls at once (429 beyond). */
export const BENCH_BIDDER_LOAD = { latencyMs: 50, maxConcurrent: 20 } as const;

/** What one creation measured. */
export interface TCreateFigures {
  companies: number;
  /** From sending the first chunk to `campaignCreated`. */
  seconds: number;
  /** The longest time without a message (progress or the reply) once the last chunk was sent. */
  longestGapMs: number;
  progressMessages: number;
  bidderCalls: number;
  throttled: number;
  maxInFlight: number;
  byRoute: Record<string, number>;
}

const ACME = 'bgAdvertiser-demo-acme';
const DEMO_AGENCY = 'bgAgency-demo';

/** `count` matched companies as the Target Companies step holds them (synthetic domains and ranges). */
function companies(count: number): TCompanyRow[] {
  return Array.from({ length: count }, (_, i) => {
    const domain = `bench-company-${i}.example.com`;
    return {
      domain,
      include: true,
      domainInfo: {
        domain,
        companyName: `Bench Company ${i}`,
        ipSegments: [`10.${Math.floor(i / 256) % 256}.${i % 256}.0/24`],
      },
    };
  });
}

/** Sets the bidder simulator's load and answers its counters (`/__load`). */
export async function bidderLoad(
  bidderUrl: string,
  method: 'PUT' | 'GET',
  body?: unknown,
): Promise<{ calls: number; throttled: number; maxInFlight: number; byRoute: Record<string, number> }> {
  const res = await fetch(`${bidderUrl}/__load`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`bidder /__load answered ${res.status}`);
  return (await res.json()) as {
    calls: number;
    throttled: number;
    maxInFlight: number;
    byRoute: Record<string, number>;
  };
}

/** A creation request of `count` companies for the demo agency's Acme, and its chunks as the wizard sends them. */
export async function creationRequest(
  token: string,
  count: number,
): Promise<{ request: TCampaignCreate; chunks: object[] }> {
  const bgCampaignId = `bg-campaign-bench-${randomUUID()}` as const;
  const { creativeId } = await adGroupWithBanner(token, bgCampaignId, ACME);
  const rows = companies(count);
  // The creation targets the ranges of the server's own match: the synthetic companies get answers there.
  await rememberCompanyLookups(
    rows.flatMap((row) =>
      row.domainInfo
        ? [
            {
              domain: row.domainInfo.domain,
              companyName: row.domainInfo.companyName ?? null,
              ranges: row.domainInfo.ipSegments,
            },
          ]
        : [],
    ),
  );
  const today = now();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const request: TCampaignCreate = {
    bgCampaignId,
    beeswaxCampaign: {
      active: false,
      advertiser_id: await bidderAdvertiserId(token, ACME),
      budget_type: 2,
      campaign_budget: 30_000,
      dailyBudget: 1000,
      campaign_name: 'Bench ABM',
      start_date: day(1),
      end_date: day(31),
    },
    max_bid: 12,
    bgAdvertiserId: ACME,
    creativeIds: [creativeId],
    description: 'The creation bench',
    name: 'Bench ABM',
    targetingInfo: { geo_country: ['USA'] },
    foundCompanyInfo: { companies: rows, fromFile: true },
    isVideoCampaign: false,
    campaignType: 'managed',
  };
  const fits = (chunk: unknown) =>
    messageBytes({
      action: 'createCampaign',
      reqID: 'bench-0',
      chunk: { index: 9_999, count: 9_999 },
      ...(chunk as object),
    }) <= REALTIME_LIMITS.clientMessageBudgetBytes;
  const chunks = realtimeEventsByName.createCampaign.parts?.splitRequest?.(request, fits) ?? [request];
  return { request, chunks };
}

/** What one sending of a creation saw. */
interface TSent {
  /** `campaignCreated`, or the error the reply carried; null when the connection closed first. */
  reply: { success: boolean; error: string | null } | null;
  startedAt: number;
  /** When the last chunk was sent, and when each message after it arrived. */
  lastSentAt: number;
  arrivals: number[];
  progressMessages: number;
}

/**
 * Sends a creation over the realtime API in its chunks, one after the other, as the wizard's Summary
 * does, and waits for the reply to the last one. `onProgress` sees every progress message; the
 * connection closing (a killed stack) ends the wait with no reply.
 */
async function sendCreation(
  wsUrl: string,
  token: string,
  chunks: readonly object[],
  onProgress?: (done: number, total: number) => void,
): Promise<TSent> {
  const reqID = `bench-${randomUUID()}`;
  const socket = new WebSocket(`${wsUrl}?token=${encodeURIComponent(token)}`);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  // The connection closing (a killed stack) ends the wait for the reply of the chunk under way.
  let waiting: ((reply: null) => void) | undefined;
  socket.once('close', () => waiting?.(null));
  const sent: TSent = { reply: null, startedAt: performance.now(), lastSentAt: 0, arrivals: [], progressMessages: 0 };
  try {
    for (const [index, chunk] of chunks.entries()) {
      const replied = new Promise<{ success: boolean; error: string | null } | null>((resolve) => {
        const onMessage = (data: Buffer): void => {
          const message = parseServerMessage(data.toString('utf8'));
          if (!message || message.kind === 'notice') return;
          if (index === chunks.length - 1) sent.arrivals.push(performance.now());
          if (message.kind === 'progress') {
            sent.progressMessages++;
            onProgress?.(message.progress.done, message.progress.total);
            return;
          }
          if (message.reply.reqID !== reqID) return;
          socket.off('message', onMessage);
          resolve({ success: message.reply.success, error: message.reply.error });
        };
        socket.on('message', onMessage);
        waiting = resolve;
      });
      sent.lastSentAt = performance.now();
      socket.send(
        JSON.stringify({
          action: 'createCampaign',
          reqID,
          ...(chunks.length > 1 ? { chunk: { index, count: chunks.length } } : {}),
          ...chunk,
        }),
      );
      const reply = await replied;
      sent.reply = reply;
      if (!reply?.success) break;
    }
  } finally {
    socket.close();
  }
  return sent;
}

/**
 * Creates one campaign of `count` companies over the realtime API of a fresh local stack, as the
 * wizard's Summary does (the request cut in chunks that fit a frame, sent one after the other), with
 * the bidder simulator at `BENCH_BIDDER_LOAD`; times it, and counts the bidder's calls.
 */
export async function measureCreate(options: { companies: number }): Promise<TCreateFigures> {
  forgetStack();
  const stack = await spawnStack({ web: 'none' });
  try {
    process.env[STACK_INFO_ENV] = stack.infoFile;
    const token = await accessTokenFor('demo');
    const { chunks } = await creationRequest(token, options.companies);
    await bidderLoad(stack.info.simulators.bidder, 'PUT', BENCH_BIDDER_LOAD);
    const sent = await sendCreation(stack.info.wsUrl, token, chunks);
    if (!sent.reply?.success) throw new Error(`creation refused: ${sent.reply?.error ?? 'no reply'}`);
    const seconds = (performance.now() - sent.startedAt) / 1000;
    const gaps = sent.arrivals.map((at, i) => at - (i === 0 ? sent.lastSentAt : (sent.arrivals[i - 1] as number)));
    const load = await bidderLoad(stack.info.simulators.bidder, 'GET');
    return {
      companies: options.companies,
      seconds,
      longestGapMs: Math.max(0, ...gaps),
      progressMessages: sent.progressMessages,
      bidderCalls: load.calls,
      throttled: load.throttled,
      maxInFlight: load.maxInFlight,
      byRoute: load.byRoute,
    };
  } finally {
    await stack.stop();
    forgetStack();
  }
}

/** What an interrupted creation left, and how its recovery went. */
export interface TRecoveryFigures {
  companies: number;
  /** Line items whole at the bidder (progress) when the stack was killed, and after how long. */
  killedAtDone: number;
  killedAfterSeconds: number;
  /** The stack started again on the same data. */
  restartSeconds: number;
  /** From the restart until nothing of the creation was left (the recovery job's undo). */
  recoveredAfterSeconds: number;
  /** Left at the bidder / in the tables before the recovery (read after the restart). */
  before: TLeftOver;
  after: TLeftOver;
}

/** What an interrupted creation left that a person or the bidder could see. */
interface TLeftOver {
  bidderCampaigns: number;
  bidderLineItems: number;
  storedLineItems: number;
  campaignStored: boolean;
  claimKept: boolean;
}

/** A v2 list's count at the bidder simulator. */
async function bidderCount(bidderUrl: string, resource: string, filters: Record<string, string>): Promise<number> {
  const res = await fetch(`${bidderUrl}/rest/v2/${resource}?${new URLSearchParams({ page_size: '1', ...filters })}`, {
    headers: { cookie: await bidderSession() },
  });
  if (!res.ok) throw new Error(`bidder ${resource} answered ${res.status}`);
  return ((await res.json()) as { count: number }).count;
}

/** What the creation of `bgCampaignId` left, at the bidder (under the journaled campaign) and in the table. */
async function leftOver(bgCampaignId: string, beeswaxCampaignId: number | undefined): Promise<TLeftOver> {
  const bidderUrl = stackInfo().simulators.bidder;
  const db = localDynamoDb();
  const table = stackInfo().tables.app;
  const stored = await db.send(
    new QueryCommand({
      TableName: table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :li)',
      ExpressionAttributeValues: { ':pk': `AGENCY#${DEMO_AGENCY}#CAMP#${bgCampaignId}`, ':li': 'LI#' },
      Select: 'COUNT',
    }),
  );
  return {
    bidderCampaigns: await bidderCount(bidderUrl, 'campaigns', { alternative_id: bgCampaignId }),
    bidderLineItems:
      beeswaxCampaignId === undefined
        ? 0
        : await bidderCount(bidderUrl, 'line-items', { campaign_id: String(beeswaxCampaignId) }),
    storedLineItems: stored.Count ?? 0,
    campaignStored: (await appItem(`AGENCY#${DEMO_AGENCY}`, `CAMP#${bgCampaignId}`)) !== undefined,
    claimKept: (await appItem(`AGENCY#${DEMO_AGENCY}`, `CREATING#${bgCampaignId}`)) !== undefined,
  };
}

/**
 * The creation of `companies` companies on a stack that keeps its data, killed outright (SIGKILL,
 * emulators and all) once `killAtFraction` of the line items are made; the stack started again on
 * the same folder; timed until the recovery left nothing of the creation at the bidder or in the
 * tables (the claim lapses after `CREATION_LEASE_MS`, the local recovery job runs every 20 s).
 */
export async function measureCreateRecovery(options: {
  companies: number;
  killAtFraction: number;
  timeoutMs?: number;
}): Promise<TRecoveryFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bidgrid-bench-recovery-'));
  forgetStack();
  let stack: SpawnedStack | undefined;
  try {
    stack = await spawnStack({ web: 'none', dataDir });
    process.env[STACK_INFO_ENV] = stack.infoFile;
    const token = await accessTokenFor('demo');
    const { request, chunks } = await creationRequest(token, options.companies);
    await bidderLoad(stack.info.simulators.bidder, 'PUT', BENCH_BIDDER_LOAD);
    const killing = stack;
    let killed: Promise<void> | undefined;
    let killedAtDone = 0;
    const sent = await sendCreation(stack.info.wsUrl, token, chunks, (done, total) => {
      if (killed || done < total * options.killAtFraction) return;
      killedAtDone = done;
      killed = killing.kill();
    });
    if (!killed) throw new Error(`the creation ended before the kill: ${JSON.stringify(sent.reply)}`);
    await killed;
    const killedAfterSeconds = (performance.now() - sent.startedAt) / 1000;

    forgetStack();
    const restartedAt = performance.now();
    stack = await spawnStack({ web: 'none', dataDir });
    process.env[STACK_INFO_ENV] = stack.infoFile;
    const restartSeconds = (performance.now() - restartedAt) / 1000;
    await bidderLoad(stack.info.simulators.bidder, 'PUT', BENCH_BIDDER_LOAD);
    const claim = await appItem(`AGENCY#${DEMO_AGENCY}`, `CREATING#${request.bgCampaignId}`);
    const beeswaxCampaignId = typeof claim?.['beeswaxCampaignId'] === 'number' ? claim['beeswaxCampaignId'] : undefined;
    const before = await leftOver(request.bgCampaignId, beeswaxCampaignId);
    const deadline = performance.now() + (options.timeoutMs ?? 10 * 60_000);
    let after = before;
    const clean = (l: TLeftOver) =>
      l.bidderCampaigns === 0 &&
      l.bidderLineItems === 0 &&
      l.storedLineItems === 0 &&
      !l.campaignStored &&
      !l.claimKept;
    while (!clean(after)) {
      if (performance.now() > deadline) throw new Error(`not recovered in time: ${JSON.stringify(after)}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      after = await leftOver(request.bgCampaignId, beeswaxCampaignId);
    }
    return {
      companies: options.companies,
      killedAtDone,
      killedAfterSeconds,
      restartSeconds,
      recoveredAfterSeconds: (performance.now() - restartedAt) / 1000 - restartSeconds,
      before,
      after,
    };
  } finally {
    await stack?.stop();
    forgetStack();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The recovery figures as the bench prints them. */
export function formatRecoveryFigures(f: TRecoveryFigures): string {
  const left = (l: TLeftOver) =>
    `bidder: ${l.bidderCampaigns} campaign(s), ${l.bidderLineItems} line items; tables: ${l.storedLineItems} line items, campaign ${l.campaignStored ? 'stored' : 'not stored'}, claim ${l.claimKept ? 'kept' : 'gone'}`;
  return [
    `killed (SIGKILL, stack and emulators) after ${f.killedAfterSeconds.toFixed(1)} s with ${f.killedAtDone} of ${f.companies} line items made`,
    `restarted on the same data in ${f.restartSeconds.toFixed(1)} s; left then: ${left(f.before)}`,
    `recovered ${f.recoveredAfterSeconds.toFixed(1)} s after the restart (lease lapse, recovery job, undo); left now: ${left(f.after)}`,
  ].join('\n');
}

/** The figures as the bench prints them. */
export function formatCreateFigures(f: TCreateFigures): string {
  const perCompany = (f.bidderCalls / Math.max(1, f.companies)).toFixed(2);
  const routes = Object.entries(f.byRoute)
    .sort(([, a], [, b]) => b - a)
    .map(([route, calls]) => `  ${String(calls).padStart(6)}  ${route}`)
    .join('\n');
  return [
    `${f.companies} companies: campaignCreated after ${f.seconds.toFixed(1)} s (goal <= ${f.companies > 1_000 ? 600 : 30} s)`,
    `longest gap between progress messages ${f.longestGapMs} ms (goal <= 2000 ms), ${f.progressMessages} progress messages`,
    `bidder calls ${f.bidderCalls} (${perCompany} per company), ${f.throttled} answered 429, at most ${f.maxInFlight} in flight`,
    routes,
  ].join('\n');
}
