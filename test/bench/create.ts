import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import type { TCampaignCreate } from '@bidgrid/shared/entities/campaign-create.schema';
import type { TCompanyRow } from '@bidgrid/shared/entities/company.schema';
import { realtimeEventsByName } from '@bidgrid/shared/realtime/events';
import { messageBytes, parseServerMessage, REALTIME_LIMITS } from '@bidgrid/shared/realtime/wire';
import { accessTokenFor } from '../support/api';
import { spawnStack } from '../support/spawn-stack';
import { forgetStack, STACK_INFO_ENV } from '../support/stack';
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
async function bidderLoad(
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
    const bgCampaignId = `bg-campaign-bench-${randomUUID()}` as const;
    const { creativeId } = await adGroupWithBanner(token, bgCampaignId, ACME);
    const today = new Date();
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
      foundCompanyInfo: { companies: companies(options.companies), fromFile: true },
      isVideoCampaign: false,
      campaignType: 'managed',
    };
    const reqID = `bench-${randomUUID()}`;
    const fits = (chunk: unknown) =>
      messageBytes({ action: 'createCampaign', reqID, chunk: { index: 9_999, count: 9_999 }, ...(chunk as object) }) <=
      REALTIME_LIMITS.clientMessageBudgetBytes;
    const chunks = realtimeEventsByName.createCampaign.parts?.splitRequest?.(request, fits) ?? [request];

    await bidderLoad(stack.info.simulators.bidder, 'PUT', BENCH_BIDDER_LOAD);
    const socket = new WebSocket(`${stack.info.wsUrl}?token=${encodeURIComponent(token)}`);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const arrivals: number[] = [];
    let progressMessages = 0;
    let lastSentAt = 0;
    const startedAt = Date.now();
    try {
      for (const [index, chunk] of chunks.entries()) {
        const replied = new Promise<{ success: boolean; error: string | null }>((resolve) => {
          const onMessage = (data: Buffer): void => {
            const message = parseServerMessage(data.toString('utf8'));
            if (!message || message.kind === 'notice') return;
            if (index === chunks.length - 1) arrivals.push(Date.now());
            if (message.kind === 'progress') {
              progressMessages++;
              return;
            }
            if (message.reply.reqID !== reqID) return;
            socket.off('message', onMessage);
            resolve({ success: message.reply.success, error: message.reply.error });
          };
          socket.on('message', onMessage);
        });
        lastSentAt = Date.now();
        socket.send(
          JSON.stringify({
            action: 'createCampaign',
            reqID,
            ...(chunks.length > 1 ? { chunk: { index, count: chunks.length } } : {}),
            ...chunk,
          }),
        );
        const reply = await replied;
        if (!reply.success) throw new Error(`chunk ${index + 1}/${chunks.length} refused: ${reply.error ?? ''}`);
      }
    } finally {
      socket.close();
    }
    const seconds = (Date.now() - startedAt) / 1000;
    const gaps = arrivals.map((at, i) => at - (i === 0 ? lastSentAt : (arrivals[i - 1] as number)));
    const load = await bidderLoad(stack.info.simulators.bidder, 'GET');
    return {
      companies: options.companies,
      seconds,
      longestGapMs: Math.max(0, ...gaps),
      progressMessages,
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

/** The figures as the bench prints them. */
export function formatCreateFigures(f: TCreateFigures): string {
  const perCompany = (f.bidderCalls / Math.max(1, f.companies)).toFixed(2);
  const routes = Object.entries(f.byRoute)
    .sort(([, a], [, b]) => b - a)
    .map(([route, calls]) => `  ${String(calls).padStart(6)}  ${route}`)
    .join('\n');
  return [
    `${f.companies} companies: campaignCreated after ${f.seconds.toFixed(1)} s (goal <= 30 s)`,
    `longest gap between progress messages ${f.longestGapMs} ms (goal <= 2000 ms), ${f.progressMessages} progress messages`,
    `bidder calls ${f.bidderCalls} (${perCompany} per company), ${f.throttled} answered 429, at most ${f.maxInFlight} in flight`,
    routes,
  ].join('\n');
}
