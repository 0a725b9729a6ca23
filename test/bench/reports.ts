import { now } from '@bidgrid/shared/clock';
import type { LocalStackInfo } from '@bidgrid/local/info';
import type { SeedCampaign } from '@bidgrid/local/seed/campaigns.seed';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DEMO_PASSWORD } from '../support/api';
import { spawnStack } from '../support/spawn-stack';
import { STACK_INFO_ENV } from '../support/stack';
import { measureLatency, type LatencyResult } from './latency';
import { useLambdasOn } from '../support/lambda-environment';

/**
 * Issue 6 figures: p50/p99 of the dashboard's two heaviest reads, campaigns by advertiser and the
 * line-item report, for a campaign with 200 line items and 120 days of delivery, through the local
 * gateway (goal p99 under 150 ms). The report sync's throughput is the `sync` section (`sync.ts`).
 * Each function uses the running stack named by BIDGRID_STACK_INFO, or starts (and stops) its own.
 */

/** The bench campaign's size. */
export const BENCH_LINE_ITEMS = 200;
export const BENCH_DAYS = 120;
const ADVERTISER = 'bgAdvertiser-demo-acme';

/** A campaign of `lineItems` made-up companies (each its own /24 in the benchmarking range) over `days` days. */
function benchCampaign(id: `bg-campaign-${string}`, lineItems: number, days: number): SeedCampaign {
  return {
    id,
    agencyId: 'bgAgency-demo',
    advertiserId: ADVERTISER,
    createdBy: 'demo',
    name: `Bench - ${lineItems} accounts`,
    description: 'Made by the bench',
    video: false,
    startDay: 1 - days,
    endDay: 30,
    dailyBudget: 4000,
    maxBid: 15,
    active: true,
    archived: false,
    campaignType: 'managed',
    companies: Array.from({ length: lineItems }, (_, i) => ({
      domain: `bench-account-${i + 1}.example`,
      name: `Bench Account ${String(i + 1).padStart(3, '0')}`,
      ipSegments: [`198.${18 + Math.floor(i / 256)}.${i % 256}.0/24`],
      fromFile: true,
    })),
    adGroupName: 'Bench banners',
    creatives: [
      { name: 'Bench - Medium Rectangle', width: 300, height: 250 },
      { name: 'Bench - Leaderboard', width: 728, height: 90 },
    ],
    colors: [
      [60, 60, 60],
      [120, 160, 200],
    ],
    landingPage: 'https://acmerobotics.example/bench',
    targeting: {},
  };
}

/** Runs `work` against the stack of BIDGRID_STACK_INFO, or a fresh one started for it. */
async function withStack<T>(work: (info: LocalStackInfo) => Promise<T>): Promise<T> {
  if (process.env[STACK_INFO_ENV]) {
    const { stackInfo } = await import('../support/stack');
    return work(stackInfo());
  }
  const stack = await spawnStack({ web: 'none' });
  try {
    return await work(stack.info);
  } finally {
    await stack.stop();
  }
}

const today = (): string => now().toISOString().slice(0, 10);

/** The demo user's access token on this stack (not the cached one of test/support: each run may have its own stack). */
async function demoToken(info: LocalStackInfo): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: info.cognitoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const out = await cognito.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: info.userPoolClientId,
      AuthParameters: { USERNAME: 'demo', PASSWORD: DEMO_PASSWORD },
    }),
  );
  const token = out.AuthenticationResult?.AccessToken;
  if (!token) throw new Error('no access token for demo');
  return token;
}

/**
 * Runs the report sync job through the stack's local job route, which answers once the worker has
 * synced every enqueued campaign.
 */
async function runSyncJob(info: LocalStackInfo): Promise<void> {
  const res = await fetch(`${info.apiUrl}/__local/jobs/report-sync`, { method: 'POST' });
  const body = (await res.json()) as { result?: { complete?: boolean }; error?: string };
  if (!res.ok || body.result?.complete !== true) throw new Error(`report-sync failed: ${body.error ?? res.status}`);
}

/** What `measureReports` reports. */
export interface ReportsFigures {
  lineItems: number;
  days: number;
  /** GET /api/campaign/allbyadvertiser/{advertiserId} (ALL_TIME), the advertiser holding the bench campaign. */
  campaignsByAdvertiser: LatencyResult;
  /** GET /api/report/lineitems?bgCampaignId&timeFrame=ALL_TIME of the bench campaign. */
  lineItemReport: LatencyResult;
  /** The same for 30_DAYS (a rolling range, also from rollups). */
  lineItemReport30Days: LatencyResult;
  /**
   * GET /api/advertiser/firstscreen/{advertiserId} (ALL_TIME, issue 15): the advertiser page's first screen
   * of that advertiser in one read (its campaigns and the newest one's line items, targeting, activity, ad
   * groups and creatives).
   */
  firstScreen: LatencyResult;
}

/**
 * p50/p99 of the two calls for a campaign of 200 line items and 120 days of synced delivery, as a
 * person on the dashboard makes them (`clients` concurrent loops, default 1; the latency section
 * already measures a crowd) for `seconds` each (default 5), after a warm-up. The campaign is made
 * once per stack (`bg-campaign-bench-reports`) and synced by the job.
 */
export async function measureReports(options: { clients?: number; seconds?: number } = {}): Promise<ReportsFigures> {
  const clients = options.clients ?? 1;
  const seconds = options.seconds ?? 5;
  return withStack(async (info) => {
    await useLambdasOn(info);
    const { createSeedCampaign } = await import('@bidgrid/local/seed/campaigns.seed');
    const campaign = benchCampaign('bg-campaign-bench-reports', BENCH_LINE_ITEMS, BENCH_DAYS);
    if (await createSeedCampaign(campaign, today())) await runSyncJob(info);
    const headers = { authorization: `Bearer ${await demoToken(info)}` };
    const urls = {
      campaignsByAdvertiser: `${info.apiUrl}/api/campaign/allbyadvertiser/${ADVERTISER}?timeFrame=ALL_TIME`,
      lineItemReport: `${info.apiUrl}/api/report/lineitems?bgCampaignId=${campaign.id}&timeFrame=ALL_TIME`,
      lineItemReport30Days: `${info.apiUrl}/api/report/lineitems?bgCampaignId=${campaign.id}&timeFrame=30_DAYS`,
      firstScreen: `${info.apiUrl}/api/advertiser/firstscreen/${ADVERTISER}?timeFrame=ALL_TIME`,
    };
    const check = (await (await fetch(urls.lineItemReport, { headers })).json()) as {
      payload?: { lineItems: unknown[] };
    };
    if (check.payload?.lineItems.length !== BENCH_LINE_ITEMS) throw new Error('the bench campaign has no line items');
    const measure = async (url: string): Promise<LatencyResult> => {
      const warm = await measureLatency(url, headers, 2, 1);
      if (warm.errors > 0) throw new Error(`warm-up of ${url} had ${warm.errors} errors`);
      return measureLatency(url, headers, clients, seconds);
    };
    return {
      lineItems: BENCH_LINE_ITEMS,
      days: BENCH_DAYS,
      campaignsByAdvertiser: await measure(urls.campaignsByAdvertiser),
      lineItemReport: await measure(urls.lineItemReport),
      lineItemReport30Days: await measure(urls.lineItemReport30Days),
      firstScreen: await measure(urls.firstScreen),
    };
  });
}

/** One line per figure, as the bench prints them. */
export function formatReportsFigures(reports: ReportsFigures): string {
  const line = (label: string, r: LatencyResult) =>
    `${label}: p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms (${r.requests} requests, ${r.errors} errors)`;
  return [
    `campaign of ${reports.lineItems} line items, ${reports.days} days (goal p99 < 150 ms)`,
    line('campaigns by advertiser', reports.campaignsByAdvertiser),
    line('line-item report ALL_TIME', reports.lineItemReport),
    line('line-item report 30_DAYS', reports.lineItemReport30Days),
    line("advertiser page's first screen", reports.firstScreen),
  ].join('\n');
}
