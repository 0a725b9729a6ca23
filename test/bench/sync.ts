import { now, nowMs } from '@bidgrid/shared/clock';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { BatchWriteItemCommand, DynamoDBClient, QueryCommand } from '@aws-sdk/client-dynamodb';
import type { AttributeValue, WriteRequest } from '@aws-sdk/client-dynamodb';
import { ensureTables, spawnDynamoDb, waitForDynamoDb } from '@bidgrid/local/emulators/dynamodb';
import { lambdaEnvironment } from '@bidgrid/local/gateway/lambda-env';
import { createLogger } from '@bidgrid/local/support/logger';
import { findFreePort } from '@bidgrid/local/support/ports';
import { METRIC_COUNT_KEYS } from '@bidgrid/shared/metrics/counts.schema';
import type { TBidderReportRow } from '@bidgrid/lambdas/domain/ports/bidder.port';
import type { ReportSyncDeps, TCampaignSyncResult } from '@bidgrid/lambdas/domain/reports/report-sync.use-case';
import type { ClonedCampaign, CloneRequest } from './sync-bidder.process';

/**
 * Issue 10 figures of the report sync, on this machine, in one process: DynamoDB Local (the stack's
 * emulator, in memory, fresh tables), the bidder simulator as it is today (its report queue, paged),
 * and the lambdas code (repositories, bidder client, sync, queue, worker) pointed at them.
 *
 * The simulator runs in a process of its own (`sync-bidder.process.ts`), as the bidder is another
 * machine, and is seeded in bulk through its store: one campaign, line item and creatives are made
 * through the bidder client (its API), then copied in the store with fresh ids (the rows, their
 * settings history and the creative links), which takes milliseconds where 25,000 API calls would take
 * minutes; the app table gets the same campaigns through the repositories.
 *
 * Figures:
 * - ceiling: raw BatchWriteItem (low-level client, items built beforehand, 25 a request) of the
 *   same rows a sync writes, into fresh keys of the same table, at 1, 4, 8 and 16 requests in flight;
 *   the best is the ceiling.
 * - sync: the sync of that campaign (its first: the whole flight), rows written per second of the
 *   whole sync (pull, hashing, writes, rollups, state), where the time went, and the ratio to the ceiling.
 * - a report bigger than 30,000 rows arrives complete: the same campaign's line-item report has more
 *   than 30,000 rows; the stored rows are counted partition by partition against the pulled ones.
 * - 25,000 line items, one day, synced in full (goal <= 60 s).
 * - 1,000 campaigns enqueued by the schedule's handler and synced by the worker handler through the
 *   local in-process queue (as the local stack runs them): total time and campaigns per second.
 */

const AGENCY = 'bgAgency-bench';
const ADVERTISER = 'bgAdvertiser-bench';

type Env = Awaited<ReturnType<typeof startBenchWorld>>;

/** Everything a figure needs: DynamoDB Local, the bidder simulator, the lambdas modules pointed at them. */
async function startBenchWorld() {
  const logger = createLogger('warn');
  const dynamo = spawnDynamoDb({ port: await findFreePort(), dbPath: null }, logger);
  const simulator = await forkBidder();
  try {
    await waitForDynamoDb(dynamo);
    const { names } = await ensureTables(dynamo.endpoint, logger);
    const bidderUrl = simulator.url;
    const unused = 'http://127.0.0.1:9';
    Object.assign(
      process.env,
      lambdaEnvironment({
        tables: names,
        dynamodbEndpoint: dynamo.endpoint,
        s3Endpoint: unused,
        bucket: 'bench',
        userPoolId: 'bench',
        userPoolClientId: 'bench',
        cognitoEndpoint: unused,
        wsManagementUrl: unused,
        simulators: { bidder: bidderUrl, hubspot: unused, stripe: unused, companyMatch: unused, mail: unused },
        verbose: false,
      }),
      { LOG_LEVEL: 'silent' },
    );
    const [{ resetConfigForTests }, dynamodb, { bidderClient, resetBidderClientForTests }] = await Promise.all([
      import('@bidgrid/lambdas/kernel/config'),
      import('@bidgrid/lambdas/adapters/dynamodb'),
      import('@bidgrid/lambdas/adapters/bidder/bidder-client'),
    ]);
    resetConfigForTests();
    dynamodb.resetDynamoDbForTests();
    resetBidderClientForTests();
    const raw = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const bidder = bidderClient();
    const beeswaxAdvertiserId = await bidder.createAdvertiser({
      name: 'Bench advertiser',
      ourId: ADVERTISER,
      category: 'IAB19',
      domain: 'bench.example',
      active: true,
    });
    return {
      raw,
      tables: names,
      simulator,
      bidder,
      beeswaxAdvertiserId,
      async stop() {
        raw.destroy();
        await simulator.stop();
        await dynamo.process.stop();
      },
    };
  } catch (error) {
    await dynamo.process.stop();
    await simulator.stop();
    throw error;
  }
}

/** The bidder simulator in its own process (`sync-bidder.process.ts`): its URL, bulk copies, stop. */
async function forkBidder() {
  const child: ChildProcess = fork(fileURLToPath(new URL('./sync-bidder.process.ts', import.meta.url)), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message: { port?: number }) =>
      message.port ? resolve(message.port) : reject(new Error('the bidder process sent no port')),
    );
    child.once('exit', (code) => reject(new Error(`the bidder process exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    clone(request: CloneRequest): Promise<ClonedCampaign[]> {
      return new Promise((resolve) => {
        child.once('message', (message: { cloned: ClonedCampaign[] }) => resolve(message.cloned));
        child.send({ clone: request });
      });
    },
    async stop(): Promise<void> {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ stop: true });
      await exited;
    },
  };
}

const dayOffset = (offset: number): string => new Date(nowMs() + offset * 86_400_000).toISOString().slice(0, 10);

/** A bench campaign: its ids here and at the bidder. */
interface BenchCampaign {
  bgCampaignId: `bg-campaign-${string}`;
  beeswaxCampaignId: number;
  lineItemIds: number[];
}

/**
 * Makes a template campaign at the bidder through its API (campaign, one line item, creatives
 * linked), then `count` copies of it in the simulator's store, each with `lineItems` copies of the
 * line item linked to the same creatives; and the same campaigns in the app table. The template is
 * left without app-table items, so the sync never sees it.
 */
async function makeCampaigns(
  env: Env,
  options: { prefix: string; count: number; lineItems: number; startDay: number; endDay: number; creatives: number },
): Promise<BenchCampaign[]> {
  const start = dayOffset(options.startDay);
  const end = dayOffset(options.endDay);
  const { bidder, beeswaxAdvertiserId } = env;
  const templateCampaign = await bidder.createCampaign({
    advertiserId: beeswaxAdvertiserId,
    name: `${options.prefix} template`,
    ourId: `${options.prefix}-template`,
    totalBudget: 400 * 500,
    dailyBudget: 400,
    startDate: start,
    endDate: end,
    active: true,
  });
  const templateLineItem = await bidder.createLineItem({
    campaignId: templateCampaign,
    name: 'Bench account',
    ourId: `${options.prefix}-template-li`,
    media: 'display',
    dailyBudget: 4,
    totalBudget: 4 * 500,
    cpmBid: 15,
    targeting: { ipRanges: ['198.18.0.0/24'] },
  });
  const creativeIds: number[] = [];
  for (let i = 0; i < options.creatives; i++) {
    const id = await bidder.createCreative({
      advertiserId: beeswaxAdvertiserId,
      name: `Bench creative ${i + 1}`,
      ourId: `${options.prefix}-creative-${i + 1}`,
      media: 'display',
      width: 300,
      height: 250,
      clickUrl: 'https://bench.example/',
      file: { fileName: 'banner.png', contentType: 'image/png', bytes: new Uint8Array(64) },
      active: true,
    });
    await bidder.linkCreative(id, templateLineItem);
    creativeIds.push(id);
  }
  // v2 line items are created inactive and switch on once a creative is linked.
  await bidder.updateLineItem(templateLineItem, { active: true });

  // Bulk copies in the simulator's store (its process), with fresh ids, settings history and links.
  const campaigns: BenchCampaign[] = (
    await env.simulator.clone({
      templateCampaign,
      templateLineItem,
      creativeIds,
      prefix: options.prefix,
      count: options.count,
      lineItems: options.lineItems,
    })
  ).map((copy, c) => ({ ...copy, bgCampaignId: `bg-campaign-${options.prefix}-${c + 1}` as const }));

  const { campaignRepository } = await import('@bidgrid/lambdas/adapters/repositories/campaign.repository');
  const { adGroupRepository } = await import('@bidgrid/lambdas/adapters/repositories/ad-group.repository');
  const { ZTargetingSelections } = await import('@bidgrid/shared/targeting/targeting.schema');
  const createdAt = `${dayOffset(options.startDay - 1)}T12:00:00.000Z`;
  let next = 0;
  const store = async (): Promise<void> => {
    while (next < campaigns.length) {
      const campaign = campaigns[next++] as BenchCampaign;
      const stored = await campaignRepository.putNewCampaign(
        {
          bgCampaignId: campaign.bgCampaignId,
          beeswaxCampaignId: campaign.beeswaxCampaignId,
          bgAdvertiserId: ADVERTISER,
          agencyId: AGENCY,
          name: `Bench ${campaign.bgCampaignId}`,
          description: '',
          active: true,
          archived: false,
          start_date: start,
          end_date: end,
          daily_budget: 400,
          campaign_budget: 400 * 500,
          maxBid: 15,
          maxCompanies: null,
          showInHubspot: false,
          isVideoCampaign: false,
          accounts: campaign.lineItemIds.length,
          pixel_event_id: null,
          conversion_tag_url: null,
          campaignType: 'managed',
          createdBy: 'bench',
          createdAt,
          version: 0,
        },
        campaign.lineItemIds.map((beeswaxLineItemId, i) => ({
          beeswaxLineItemId,
          bgCampaignId: campaign.bgCampaignId,
          bgAdvertiserId: ADVERTISER,
          line_item_name: `Account ${i + 1}`,
          active: true,
          hubspotCompanyId: null,
          fromFile: true,
          domain: `account-${i + 1}.example`,
          line_item_budget: 100,
          line_item_spend: 0,
          segmentCount: 1,
          version: 0,
        })),
        ZTargetingSelections.parse({}),
      );
      if (!stored) throw new Error(`bench campaign ${campaign.bgCampaignId} was not stored`);
      const adGroupId = `bg-ad-group-${campaign.bgCampaignId.slice('bg-campaign-'.length)}` as const;
      await adGroupRepository.putNewAdGroup(AGENCY, {
        adGroupId,
        bgAdvertiserId: ADVERTISER,
        bgCampaignId: campaign.bgCampaignId,
        createdBy: 'bench',
        name: 'Bench banners',
        description: '',
        adGroupType: 'image',
        createdAt,
      });
      for (const [i, beeswaxCreativeId] of creativeIds.entries()) {
        await adGroupRepository.putNewCreative(AGENCY, {
          bgCreativeId: `bgCreative-${campaign.bgCampaignId.slice('bg-campaign-'.length)}-${i + 1}`,
          beeswaxCreativeId,
          adGroupId,
          bgAdvertiserId: ADVERTISER,
          bgCampaignId: campaign.bgCampaignId,
          name: `Bench creative ${i + 1}`,
          description: '',
          height: 250,
          width: 300,
          creativeType: 'image/png',
          duration: null,
          size: 1000,
          createdAt,
          click_url: 'https://bench.example/',
          assetKey: `creatives/${AGENCY}/bench-${i + 1}.png`,
          active: true,
          version: 0,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: 4 }, store));
  return campaigns;
}

/** A DynamoDB item of a daily row, as the sync writes them (keys of a fresh partition `prefix`). */
function ceilingItem(prefix: string, id: string | number, row: TBidderReportRow): Record<string, AttributeValue> {
  const item: Record<string, AttributeValue> = {
    pk: { S: `${prefix}#AGENCY#${AGENCY}#LI#${id}` },
    sk: { S: `DAY#${row.day}` },
    date: { S: row.day },
  };
  for (const key of METRIC_COUNT_KEYS) item[key] = { N: String(row.counts[key]) };
  return item;
}

/** Raw BatchWriteItem of `items`, 25 a request, `concurrency` requests in flight: rows per second. */
async function rawWrite(env: Env, items: ReadonlyArray<Record<string, AttributeValue>>, concurrency: number) {
  const started = performance.now();
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      let requests: WriteRequest[] = items.slice(next, next + 25).map((Item) => ({ PutRequest: { Item } }));
      next += 25;
      while (requests.length > 0) {
        const out = await env.raw.send(new BatchWriteItemCommand({ RequestItems: { [env.tables.reports]: requests } }));
        requests = out.UnprocessedItems?.[env.tables.reports] ?? [];
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return items.length / ((performance.now() - started) / 1000);
}

/** Where a sync's time went: wall time with at least one call of each kind under way. */
interface TimeSplit {
  pullMs: number;
  rowWritesMs: number;
  rollupReadsMs: number;
  rollupWritesMs: number;
}

/** The sync's ports with a stopwatch around the slow ones. */
async function timedDeps(split: TimeSplit): Promise<ReportSyncDeps> {
  const [
    { campaignRepository },
    { adGroupRepository },
    { reportRepository },
    { bidderClient },
    { createLogger: log },
    { uncountedMetrics },
  ] = await Promise.all([
    import('@bidgrid/lambdas/adapters/repositories/campaign.repository'),
    import('@bidgrid/lambdas/adapters/repositories/ad-group.repository'),
    import('@bidgrid/lambdas/adapters/repositories/report.repository'),
    import('@bidgrid/lambdas/adapters/bidder/bidder-client'),
    import('@bidgrid/lambdas/kernel/logger'),
    import('@bidgrid/lambdas/adapters/metrics'),
  ]);
  const active: Record<keyof TimeSplit, { count: number; since: number }> = {
    pullMs: { count: 0, since: 0 },
    rowWritesMs: { count: 0, since: 0 },
    rollupReadsMs: { count: 0, since: 0 },
    rollupWritesMs: { count: 0, since: 0 },
  };
  const timed =
    <A extends unknown[], R>(kind: keyof TimeSplit, fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const state = active[kind];
      if (state.count++ === 0) state.since = performance.now();
      try {
        return await fn(...args);
      } finally {
        if (--state.count === 0) split[kind] += performance.now() - state.since;
      }
    };
  const bidder = bidderClient();
  return {
    campaigns: campaignRepository,
    adGroups: adGroupRepository,
    reports: {
      ...reportRepository,
      putDailyRows: timed('rowWritesMs', reportRepository.putDailyRows),
      listDailyRows: timed('rollupReadsMs', reportRepository.listDailyRows),
      putRollups: timed('rollupWritesMs', reportRepository.putRollups),
    },
    bidder: { dailyReport: timed('pullMs', bidder.dailyReport) },
    metrics: uncountedMetrics,
    now: () => now(),
    log: log({ level: 'warn' }),
  };
}

async function syncOne(
  campaign: BenchCampaign,
  split: TimeSplit,
): Promise<{ result: TCampaignSyncResult; ms: number }> {
  const { syncCampaign } = await import('@bidgrid/lambdas/domain/reports/report-sync.use-case');
  const deps = await timedDeps(split);
  const started = performance.now();
  const result = await syncCampaign({ agencyId: AGENCY, bgCampaignId: campaign.bgCampaignId }, deps);
  return { result, ms: performance.now() - started };
}

/** Daily rows stored in one partition of the reports table. */
async function countRows(env: Env, pk: string): Promise<number> {
  let count = 0;
  let start: Record<string, AttributeValue> | undefined;
  do {
    const out = await env.raw.send(
      new QueryCommand({
        TableName: env.tables.reports,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
        ExpressionAttributeValues: { ':pk': { S: pk }, ':day': { S: 'DAY#' } },
        Select: 'COUNT',
        ExclusiveStartKey: start,
      }),
    );
    count += out.Count ?? 0;
    start = out.LastEvaluatedKey;
  } while (start);
  return count;
}

/** What `measureSyncScale` reports. */
export interface SyncScaleFigures {
  ceiling: { rows: number; byConcurrency: Array<{ concurrency: number; rowsPerSecond: number }>; best: number };
  sync: {
    lineItems: number;
    days: number;
    rowsWritten: number;
    rollupsWritten: number;
    seconds: number;
    rowsPerSecond: number;
    ratio: number;
    split: TimeSplit;
    rerun: { rowsWritten: number; rollupsWritten: number; seconds: number };
  };
  bigReport: { pulledRows: number; storedRows: number; complete: boolean };
  wide: { lineItems: number; rowsWritten: number; rollupsWritten: number; seconds: number; split: TimeSplit };
  fanOut: { campaigns: number; enqueued: number; seconds: number; campaignsPerSecond: number; deadLetters: number };
}

const emptySplit = (): TimeSplit => ({ pullMs: 0, rowWritesMs: 0, rollupReadsMs: 0, rollupWritesMs: 0 });

/** Every figure of the section on a fresh DynamoDB Local and bidder simulator. */
export async function measureSyncScale(
  options: { lineItems?: number; days?: number; wideLineItems?: number; campaigns?: number } = {},
): Promise<SyncScaleFigures> {
  const lineItems = options.lineItems ?? 250;
  const days = options.days ?? 130;
  const wideLineItems = options.wideLineItems ?? 25_000;
  const campaignCount = options.campaigns ?? 1_000;
  const env = await startBenchWorld();
  try {
    // 1. 1,000 campaigns through the schedule's handler, the in-process queue and the worker handler,
    // first, so the work list holds only them.
    const fanOut = await measureFanOut(env, campaignCount);

    // 2. The ceiling and the sync of the same rows: a campaign whose line-item report exceeds 30,000 rows.
    const [big] = await makeCampaigns(env, {
      prefix: 'ratio',
      count: 1,
      lineItems,
      startDay: -days,
      endDay: -1,
      creatives: 2,
    });
    if (!big) throw new Error('no bench campaign');
    const pulled = await Promise.all(
      (['lineItem', 'creative'] as const).map((dimension) =>
        env.bidder.dailyReport({
          campaignId: big.beeswaxCampaignId,
          dimension,
          from: dayOffset(-days),
          to: dayOffset(-1),
          lineItemIds: big.lineItemIds,
        }),
      ),
    );
    const [lineItemRows = [], creativeRows = []] = pulled;
    const byConcurrency: SyncScaleFigures['ceiling']['byConcurrency'] = [];
    for (const concurrency of [1, 4, 8, 16]) {
      const prefix = `CEILING${concurrency}`;
      const items = [
        ...lineItemRows.map((row) => ceilingItem(prefix, row.id, row)),
        ...creativeRows.map((row) => ceilingItem(`${prefix}CR`, row.id, row)),
        // The campaign's own row of each day.
        ...Array.from({ length: days }, (_, i) =>
          ceilingItem(`${prefix}CAMP`, 0, {
            day: dayOffset(i - days),
            id: 0,
            counts: lineItemRows[0]?.counts ?? ({} as never),
          }),
        ),
      ];
      byConcurrency.push({ concurrency, rowsPerSecond: await rawWrite(env, items, concurrency) });
    }
    const best = Math.max(...byConcurrency.map((c) => c.rowsPerSecond));
    // The pull above filled the simulator's report cache: a change empties it, so the sync computes its report again.
    await env.bidder.updateCampaign(big.beeswaxCampaignId, { active: true });

    const split = emptySplit();
    const first = await syncOne(big, split);
    const rerun = await syncOne(big, emptySplit());
    const stored = (await Promise.all(big.lineItemIds.map((id) => countRows(env, `AGENCY#${AGENCY}#LI#${id}`)))).reduce(
      (a, b) => a + b,
      0,
    );

    // 3. 25,000 line items, one day.
    const [wide] = await makeCampaigns(env, {
      prefix: 'wide',
      count: 1,
      lineItems: wideLineItems,
      startDay: -1,
      endDay: -1,
      creatives: 2,
    });
    if (!wide) throw new Error('no wide campaign');
    const wideSplit = emptySplit();
    const wideSync = await syncOne(wide, wideSplit);

    const rowsPerSecond = first.result.rowsWritten / (first.ms / 1000);
    return {
      ceiling: { rows: lineItemRows.length + creativeRows.length + days, byConcurrency, best },
      sync: {
        lineItems,
        days,
        rowsWritten: first.result.rowsWritten,
        rollupsWritten: first.result.rollupsWritten,
        seconds: first.ms / 1000,
        rowsPerSecond,
        ratio: rowsPerSecond / best,
        split,
        rerun: {
          rowsWritten: rerun.result.rowsWritten,
          rollupsWritten: rerun.result.rollupsWritten,
          seconds: rerun.ms / 1000,
        },
      },
      bigReport: { pulledRows: lineItemRows.length, storedRows: stored, complete: stored === lineItemRows.length },
      wide: {
        lineItems: wideLineItems,
        rowsWritten: wideSync.result.rowsWritten,
        rollupsWritten: wideSync.result.rollupsWritten,
        seconds: wideSync.ms / 1000,
        split: wideSplit,
      },
      fanOut,
    };
  } finally {
    await env.stop();
  }
}

/** 1,000 small campaigns (5 line items, 7 days) enqueued and synced through the local queue. */
async function measureFanOut(env: Env, count: number): Promise<SyncScaleFigures['fanOut']> {
  await makeCampaigns(env, { prefix: 'fan', count, lineItems: 5, startDay: -7, endDay: 7, creatives: 1 });
  const [{ startLocalWorkQueue, stopLocalWorkQueue }, { schedules }, job, worker] = await Promise.all([
    import('@bidgrid/lambdas/jobs/work-queues'),
    import('@bidgrid/lambdas/jobs/schedules'),
    import('@bidgrid/lambdas/jobs/report-sync.job'),
    import('@bidgrid/lambdas/jobs/report-sync-worker.job'),
  ]);
  const settings = schedules.find((s) => s.name === 'report-sync')?.worker;
  if (!settings) throw new Error('report-sync has no worker');
  const { LOCAL_WORKER_CONCURRENCY } = await import('@bidgrid/local/jobs/job-queues');
  const queue = startLocalWorkQueue('report-sync', {
    name: 'bench-report-sync',
    batchSize: settings.batchSize,
    concurrency: LOCAL_WORKER_CONCURRENCY,
    maxReceiveCount: settings.maxReceiveCount,
    retryDelayMs: 1_000,
    deliver: (event) => worker.handler(event),
    log: { warn: () => undefined, error: () => undefined },
  });
  try {
    const started = performance.now();
    const { enqueued } = await job.handler({});
    await queue.idle();
    const seconds = (performance.now() - started) / 1000;
    return {
      campaigns: count,
      enqueued,
      seconds,
      campaignsPerSecond: enqueued / seconds,
      deadLetters: queue.deadLetters().length,
    };
  } finally {
    stopLocalWorkQueue('report-sync');
  }
}

/** The section's lines. */
export function formatSyncScaleFigures(f: SyncScaleFigures): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const split = (t: TimeSplit) =>
    `pull ${s(t.pullMs)}, row writes ${s(t.rowWritesMs)}, rollup reads ${s(t.rollupReadsMs)}, rollup writes ${s(t.rollupWritesMs)}`;
  return [
    `ceiling: raw BatchWriteItem of the same ${f.ceiling.rows} rows: ${f.ceiling.byConcurrency
      .map((c) => `${c.concurrency} in flight ${c.rowsPerSecond.toFixed(0)} rows/s`)
      .join(', ')}; best ${f.ceiling.best.toFixed(0)} rows/s`,
    `sync of a campaign of ${f.sync.lineItems} line items x ${f.sync.days} days (first sync, whole flight): ${f.sync.rowsWritten} rows + ${f.sync.rollupsWritten} rollups in ${f.sync.seconds.toFixed(1)} s = ${f.sync.rowsPerSecond.toFixed(0)} rows/s`,
    `  where the time went (wall, overlapping): ${split(f.sync.split)}`,
    `sync / ceiling: ${(f.sync.ratio * 100).toFixed(1)}% (goal >= 70%)`,
    `re-run of the same data: ${f.sync.rerun.rowsWritten} rows, ${f.sync.rerun.rollupsWritten} rollups written, ${f.sync.rerun.seconds.toFixed(1)} s`,
    `report bigger than 30,000 rows: ${f.bigReport.pulledRows} line-item rows pulled, ${f.bigReport.storedRows} stored: ${f.bigReport.complete ? 'complete' : 'INCOMPLETE'}`,
    `campaign of ${f.wide.lineItems} line items, one day, fully synced: ${f.wide.rowsWritten} rows + ${f.wide.rollupsWritten} rollups in ${f.wide.seconds.toFixed(1)} s (goal <= 60 s)`,
    `  where the time went: ${split(f.wide.split)}`,
    `${f.fanOut.campaigns} campaigns (5 line items, 7 days) enqueued and synced through the local queue: ${f.fanOut.enqueued} messages in ${f.fanOut.seconds.toFixed(1)} s, ${f.fanOut.campaignsPerSecond.toFixed(1)} campaigns/s, ${f.fanOut.deadLetters} dead letters`,
  ].join('\n');
}
