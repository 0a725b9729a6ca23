import { now } from '@bidgrid/shared/clock';
import { randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import { Agent, request as httpRequest } from 'node:http';
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { WebSocket } from 'ws';
import {
  advertiser as advertiserOps,
  campaign as campaignOps,
  lineItem as lineItemOps,
  report as reportOps,
  template as templateOps,
  type AnyOperation,
  type InputOf,
} from '@bidgrid/shared';
import { parseServerMessage, type TRealtimeReply } from '@bidgrid/shared/realtime/wire';
import { STAGES } from '@bidgrid/cdk/src/config/stages';
import type { LocalStackInfo } from '@bidgrid/local/info';
import type { SeedCampaign } from '@bidgrid/local/seed/campaigns.seed';
import { COMPANIES } from '@bidgrid/local/simulators/company-match';
import { accessTokenFor, callOperation, DEMO_PASSWORD, operationRequest } from '../support/api';
import { createAgencyWithColleagues, uniqueUserName } from '../support/cognito-local';
import { inParallel } from '../support/big-agency';
import { localDynamoDb } from '../support/local-data';
import { setLocalRateLimits } from '../support/rate-limits';
import { spawnStack } from '../support/spawn-stack';
import { forgetStack, STACK_INFO_ENV } from '../support/stack';
import { BENCH_BIDDER_LOAD, bidderLoad, creationRequest } from './create';
import {
  classifyReply,
  errorRateVerdict,
  requestsOf,
  seededRandom,
  summarizeLatencies,
  weightedPick,
  type TLatencySummary,
  type TReplyCounts,
} from './load-stats';
import { sampleProcessTree, sampleThisProcess, type TProcessUsage } from './process-usage';

/**
 * Issue 16's load figures, on this machine against a fresh local stack (loopback only, bounded in
 * time): 200 concurrent HTTP clients for 60 s on the main reads and writes, then 500 WebSocket
 * connections held open while campaign creations run over the realtime API.
 */

/** What the run does; every figure can be changed by environment for a quick run (`loadOptionsFromEnv`). */
export interface TLoadOptions {
  /** HTTP clients, each its own keep-alive connection and request loop. */
  clients: number;
  seconds: number;
  /** Signed-in users the clients are spread over (colleagues of one agency the bench makes). */
  users: number;
  /** WebSocket connections held open during the creations. */
  sockets: number;
  creations: number;
  creationsAtOnce: number;
  creationCompanies: number;
  /** One other realtime call (a small CSV match) every this many ms while the creations run. */
  trickleEveryMs: number;
}

export const DEFAULT_LOAD_OPTIONS: TLoadOptions = {
  clients: 200,
  seconds: 60,
  users: 50,
  sockets: 500,
  creations: 6,
  creationsAtOnce: 3,
  creationCompanies: 200,
  trickleEveryMs: 200,
};

/** `BENCH_LOAD_<NAME>` overrides (e.g. `BENCH_LOAD_SECONDS=5` for a quick run). */
export function loadOptionsFromEnv(env: NodeJS.ProcessEnv): TLoadOptions {
  const pick = (name: string, fallback: number): number => {
    const raw = env[`BENCH_LOAD_${name}`];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`BENCH_LOAD_${name} must be a positive number`);
    return value;
  };
  const d = DEFAULT_LOAD_OPTIONS;
  return {
    clients: pick('CLIENTS', d.clients),
    seconds: pick('SECONDS', d.seconds),
    users: pick('USERS', d.users),
    sockets: pick('SOCKETS', d.sockets),
    creations: pick('CREATIONS', d.creations),
    creationsAtOnce: pick('CREATIONS_AT_ONCE', d.creationsAtOnce),
    creationCompanies: pick('CREATION_COMPANIES', d.creationCompanies),
    trickleEveryMs: pick('TRICKLE_MS', d.trickleEveryMs),
  };
}

/** The per-user limit the load runs under: the prod stage's WAF rule (the highest deployed one). */
export const DEPLOYED_PER_USER_LIMIT = STAGES.prod.api.perUser;

// ---------------------------------------------------------------------------------------------------
// The world the bench seeds for itself: writes that are safe to repeat never touch the demo world.

const LINE_ITEMS_PER_CAMPAIGN = 10;
const DELIVERY_DAYS = 30;
const ADVERTISERS = 3;

interface TLoadCampaign {
  bgCampaignId: `bg-campaign-${string}`;
  beeswaxCampaignId: number;
  bgAdvertiserId: `bgAdvertiser-${string}`;
  adGroupId: `bg-ad-group-${string}`;
  lineItems: { beeswaxLineItemId: number; active: boolean }[];
}

interface TLoadWorld {
  agencyId: `bgAgency-${string}`;
  users: { username: string; token: string }[];
  advertisers: `bgAdvertiser-${string}`[];
  /** One per user (user i edits campaign i). */
  campaigns: TLoadCampaign[];
  seedSeconds: number;
}

function loadCampaignSeed(
  index: number,
  agencyId: `bgAgency-${string}`,
  advertiserId: `bgAdvertiser-${string}`,
  createdBy: string,
): SeedCampaign {
  return {
    id: `bg-campaign-load-${String(index).padStart(3, '0')}`,
    agencyId,
    advertiserId,
    createdBy,
    name: `Load ${index + 1}`,
    description: 'Made by the load bench',
    video: false,
    startDay: 1 - DELIVERY_DAYS,
    endDay: 30,
    dailyBudget: 500,
    maxBid: 12,
    active: true,
    archived: false,
    campaignType: 'managed',
    companies: Array.from({ length: LINE_ITEMS_PER_CAMPAIGN }, (_, i) => ({
      domain: `load-account-${index}-${i}.example`,
      name: `Load Account ${index}-${i}`,
      ipSegments: [`10.${100 + Math.floor(index / 256)}.${index % 256}.${i * 16}/28`],
      fromFile: true,
    })),
    adGroupName: 'Load banners',
    creatives: [
      { name: 'Load - Medium Rectangle', width: 300, height: 250 },
      { name: 'Load - Leaderboard', width: 728, height: 90 },
    ],
    colors: [
      [40, 90, 140],
      [220, 200, 80],
    ],
    landingPage: 'https://load.example/landing',
    targeting: { geo_country: ['USA'] },
  };
}

const today = (): string => now().toISOString().slice(0, 10);

/**
 * An agency of `users` colleagues, its advertisers made through the API, one campaign per user with
 * `LINE_ITEMS_PER_CAMPAIGN` line items and two creatives made by the seed's use case, and 30 days of
 * delivery synced by the report job: the dashboard's reads have real rows to read.
 */
async function seedLoadWorld(info: LocalStackInfo, userCount: number): Promise<TLoadWorld> {
  const started = performance.now();
  const usernames = Array.from({ length: userCount }, (_, i) => uniqueUserName(`load${i}`));
  const agencyId = (await createAgencyWithColleagues(usernames, DEMO_PASSWORD)) as `bgAgency-${string}`;
  const users: TLoadWorld['users'] = [];
  for (const username of usernames) users.push({ username, token: await accessTokenFor(username) });
  const owner = users[0];
  if (!owner) throw new Error('the load needs at least one user');

  const advertisers: `bgAdvertiser-${string}`[] = [];
  for (let i = 0; i < ADVERTISERS; i++) {
    const made = await callOperation(advertiserOps.createAdvertiser, {
      token: owner.token,
      body: {
        name: `Load Advertiser ${i + 1}`,
        phone: '+1 512 555 0100',
        address_1: `${i + 1} Load Street`,
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        domain: `load-advertiser-${i + 1}.example`,
      },
    });
    const id = made.body.payload?.bgAdvertiserId;
    if (!id) throw new Error(`createAdvertiser answered ${made.status}: ${JSON.stringify(made.body)}`);
    advertisers.push(id as `bgAdvertiser-${string}`);
  }

  const { createSeedCampaign, seedAdGroupId } = await import('@bidgrid/local/seed/campaigns.seed');
  const seeds = users.map((user, i) =>
    loadCampaignSeed(i, agencyId, advertisers[i % advertisers.length] as `bgAdvertiser-${string}`, user.username),
  );
  await inParallel(seeds, 4, async (seed) => {
    await createSeedCampaign(seed, today());
  });
  const synced = await fetch(`${info.apiUrl}/__local/jobs/report-sync`, { method: 'POST' });
  const sync = (await synced.json()) as { result?: { complete?: boolean }; error?: string };
  if (!synced.ok || sync.result?.complete !== true)
    throw new Error(`report-sync failed: ${sync.error ?? synced.status}`);

  const campaigns: TLoadCampaign[] = [];
  for (const seed of seeds) {
    const token = owner.token;
    const campaign = await callOperation(campaignOps.getCampaign, { token, params: { id: seed.id } });
    const report = await callOperation(reportOps.getLineItemsReport, {
      token,
      query: { bgCampaignId: seed.id, timeFrame: 'ALL_TIME' },
    });
    const beeswaxCampaignId = campaign.body.payload?.beeswaxCampaignId;
    const lineItems = report.body.payload?.lineItems ?? [];
    if (beeswaxCampaignId === undefined || lineItems.length !== LINE_ITEMS_PER_CAMPAIGN) {
      throw new Error(`campaign ${seed.id} not seeded whole: ${campaign.status}, ${lineItems.length} line items`);
    }
    if ((report.body.payload?.lineItemReports.length ?? 0) === 0)
      throw new Error(`campaign ${seed.id} has no delivery`);
    campaigns.push({
      bgCampaignId: seed.id,
      beeswaxCampaignId,
      bgAdvertiserId: seed.advertiserId,
      adGroupId: seedAdGroupId(seed.id),
      lineItems: lineItems.map((li) => ({ beeswaxLineItemId: li.beeswaxLineItemId, active: li.active })),
    });
  }
  return { agencyId, users, advertisers, campaigns, seedSeconds: (performance.now() - started) / 1000 };
}

// ---------------------------------------------------------------------------------------------------
// HTTP: one keep-alive connection and request loop per client.

/** The operations of the HTTP load, with their share of a client's picks. */
export const HTTP_MIX = {
  listAdvertisersByAgency: 10,
  getAdvertiserPageFirstScreen: 10,
  listCampaignsByAdvertiser: 15,
  getLineItemsReport: 15,
  getCreativesReport: 10,
  getCampaign: 15,
  updateCampaignDetails: 8,
  updateLineItemStatus: 8,
  /** A template created, then deleted: two requests. */
  templateCreateDelete: 4,
} as const;
type TMixKey = keyof typeof HTTP_MIX;

/** Operations as the figures name them (the template pick is two). */
const REPORTED = [
  'listAdvertisersByAgency',
  'getAdvertiserPageFirstScreen',
  'listCampaignsByAdvertiser',
  'getLineItemsReport',
  'getCreativesReport',
  'getCampaign',
  'updateCampaignDetails',
  'updateLineItemStatus',
  'createCampaignTemplate',
  'deleteCampaignTemplate',
] as const;
type TReportedOperation = (typeof REPORTED)[number];

/**
 * 4xx replies an operation may rightly give under this load: a campaign is edited by the 4 clients of
 * its user, and when two edits race one wins and the other is told (409), as issue 16 asks.
 */
const EXPECTED_4XX: Partial<Record<TReportedOperation, readonly number[]>> = {
  updateCampaignDetails: [409],
  updateLineItemStatus: [409],
};

/** API Gateway's REST integration timeout: a reply slower than this is an error there too. */
const REQUEST_TIMEOUT_MS = 29_000;

interface TOperationTally {
  counts: TReplyCounts;
  /** Latency of the replies served (ok and expected; 429s and failures are counted, not timed). */
  latencies: number[];
}

const newTally = (): TOperationTally => ({ counts: { ok: 0, expected: 0, throttled: 0, errors: 0 }, latencies: [] });

interface TReply {
  status: number;
  envelopeSuccess: boolean;
  payload: unknown;
}

/** One request on the client's own keep-alive agent; null (and the reason) when no reply came. */
function send(
  agent: Agent,
  apiUrl: URL,
  token: string,
  call: { method: string; path: string; body: unknown },
): Promise<{ reply: TReply } | { failure: string }> {
  const text = call.body === undefined ? undefined : JSON.stringify(call.body);
  return new Promise((resolve) => {
    const req = httpRequest(
      {
        host: apiUrl.hostname,
        port: apiUrl.port,
        method: call.method,
        path: call.path,
        agent,
        timeout: REQUEST_TIMEOUT_MS,
        headers: {
          authorization: `Bearer ${token}`,
          ...(text === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', (error) => resolve({ failure: error.message }));
        res.on('end', () => {
          let envelope: { success?: unknown; payload?: unknown } = {};
          try {
            envelope = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof envelope;
          } catch {
            // Not the envelope: counted as an error of a 2xx below.
          }
          resolve({
            reply: {
              status: res.statusCode ?? 0,
              envelopeSuccess: envelope.success === true,
              payload: envelope.payload,
            },
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no reply within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ failure: error.code ?? error.message }));
    req.end(text);
  });
}

/** What the HTTP run measured. */
export interface THttpFigures {
  clients: number;
  users: number;
  seconds: number;
  perOperation: Record<TReportedOperation, { counts: TReplyCounts; latency: TLatencySummary }>;
  all: { counts: TReplyCounts; latency: TLatencySummary };
  /** Why the errors were errors: `502`, `ECONNRESET`, `200 without success`, ... */
  errorKinds: Record<string, number>;
  busiestUser: { requests: number; perSecond: number };
  stack: TProcessUsage[];
  bench: { cpuSeconds: number; corePercent: number; rssBytes: number };
}

/**
 * `clients` loops for `seconds`, each with one keep-alive socket (`maxSockets: 1`) and a user of the
 * world (client c is user c mod users). Each pick follows `HTTP_MIX` from a seeded generator, so a run
 * repeats its sequence. Writes: the client's user's campaign edited (its description), one line item
 * per client toggled (never shared, so those never race), a template created and deleted again.
 */
async function runHttpLoad(info: LocalStackInfo, world: TLoadWorld, options: TLoadOptions, stackPid: number) {
  const apiUrl = new URL(info.apiUrl);
  if (apiUrl.hostname !== '127.0.0.1') throw new Error(`refusing to load a non-loopback API: ${info.apiUrl}`);
  const tallies = Object.fromEntries(REPORTED.map((op) => [op, newTally()])) as Record<
    TReportedOperation,
    TOperationTally
  >;
  const errorKinds: Record<string, number> = {};
  const perUser = new Map<string, number>();
  const agents: Agent[] = [];

  const pickFrom = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)] as T;

  const client = async (c: number, deadline: number, counted: boolean): Promise<void> => {
    const user = world.users[c % world.users.length] as TLoadWorld['users'][number];
    const own = world.campaigns[c % world.campaigns.length] as TLoadCampaign;
    const lineItem = own.lineItems[Math.floor(c / world.users.length) % own.lineItems.length] as {
      beeswaxLineItemId: number;
      active: boolean;
    };
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    agents.push(agent);
    const random = seededRandom(c + 1);
    let edits = 0;

    const call = async <O extends AnyOperation>(
      name: TReportedOperation,
      op: O,
      input: InputOf<O>,
    ): Promise<TReply | null> => {
      const started = performance.now();
      const sent = await send(agent, apiUrl, user.token, operationRequest(op, input));
      const ms = performance.now() - started;
      const reply = 'reply' in sent ? sent.reply : null;
      if (!counted) {
        if (classifyReply(reply) !== 'ok') {
          throw new Error(
            `warm-up ${name} as ${user.username}: ${'failure' in sent ? sent.failure : sent.reply.status}`,
          );
        }
        return reply;
      }
      const kind = classifyReply(reply, EXPECTED_4XX[name]);
      const tally = tallies[name];
      perUser.set(user.username, (perUser.get(user.username) ?? 0) + 1);
      if (kind === 'ok') tally.counts.ok++;
      else if (kind === 'expected') tally.counts.expected++;
      else if (kind === 'throttled') tally.counts.throttled++;
      else {
        tally.counts.errors++;
        const why =
          'failure' in sent ? sent.failure : `${sent.reply.status}${reply?.envelopeSuccess ? '' : ' without success'}`;
        errorKinds[`${name}: ${why}`] = (errorKinds[`${name}: ${why}`] ?? 0) + 1;
      }
      if (kind === 'ok' || kind === 'expected') tally.latencies.push(ms);
      return kind === 'ok' ? reply : null;
    };

    const run = async (key: TMixKey): Promise<void> => {
      const campaign = pickFrom(world.campaigns, random);
      const advertiserId = pickFrom(world.advertisers, random);
      switch (key) {
        case 'listAdvertisersByAgency':
          await call(key, advertiserOps.listAdvertisersByAgency, { params: { agencyId: world.agencyId } });
          return;
        case 'getAdvertiserPageFirstScreen':
          await call(key, advertiserOps.getAdvertiserPageFirstScreen, { params: { id: advertiserId } });
          return;
        case 'listCampaignsByAdvertiser':
          await call(key, campaignOps.listCampaignsByAdvertiser, { params: { advertiserId } });
          return;
        case 'getLineItemsReport':
          await call(key, reportOps.getLineItemsReport, { query: { bgCampaignId: campaign.bgCampaignId } });
          return;
        case 'getCreativesReport':
          await call(key, reportOps.getCreativesReport, { query: { adGroupId: campaign.adGroupId } });
          return;
        case 'getCampaign':
          await call(key, campaignOps.getCampaign, { params: { id: campaign.bgCampaignId } });
          return;
        case 'updateCampaignDetails':
          await call(key, campaignOps.updateCampaignDetails, {
            body: {
              bgCampaignId: own.bgCampaignId,
              beeswaxCampaignId: own.beeswaxCampaignId,
              updateBody: { description: `Edited under load by client ${c}, edit ${++edits}` },
            },
          });
          return;
        case 'updateLineItemStatus': {
          const reply = await call(key, lineItemOps.updateLineItemStatus, {
            body: { beeswaxLineItemId: lineItem.beeswaxLineItemId, active: !lineItem.active },
          });
          const active = (reply?.payload as { active?: unknown } | undefined)?.active;
          if (typeof active === 'boolean') lineItem.active = active;
          return;
        }
        case 'templateCreateDelete': {
          const created = await call('createCampaignTemplate', templateOps.createCampaignTemplate, {
            body: {
              templateName: `Load template ${c}-${randomUUID().slice(0, 8)}`,
              templateSteps: [],
              dailyBudget: 100,
              maxBid: 10,
              bgAdvertiserId: own.bgAdvertiserId,
              name: `Load ${c}`,
              isVideoCampaign: false,
            },
          });
          const id = (created?.payload as { id?: unknown } | undefined)?.id;
          if (typeof id === 'string') {
            await call('deleteCampaignTemplate', templateOps.deleteCampaignTemplate, { body: { id } });
          }
          return;
        }
      }
    };

    if (!counted) {
      // Warm-up: every operation once, so the first import of each handler is not in the figures.
      for (const key of Object.keys(HTTP_MIX) as TMixKey[]) await run(key);
      return;
    }
    while (performance.now() < deadline) await run(weightedPick(HTTP_MIX, random));
  };

  await client(0, 0, false);
  await setLocalRateLimits(info.apiUrl, { perUser: DEPLOYED_PER_USER_LIMIT });
  const stack = sampleProcessTree(stackPid);
  const bench = sampleThisProcess();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(Array.from({ length: options.clients }, (_, c) => client(c, deadline, true)));
  const seconds = (performance.now() - started) / 1000;
  const stackUsage = stack.stop();
  const benchUsage = bench.stop();
  for (const agent of agents) agent.destroy();

  const allCounts: TReplyCounts = { ok: 0, expected: 0, throttled: 0, errors: 0 };
  const allLatencies: number[] = [];
  for (const tally of Object.values(tallies)) {
    allCounts.ok += tally.counts.ok;
    allCounts.expected += tally.counts.expected;
    allCounts.throttled += tally.counts.throttled;
    allCounts.errors += tally.counts.errors;
    allLatencies.push(...tally.latencies);
  }
  const busiest = Math.max(0, ...perUser.values());
  const figures: THttpFigures = {
    clients: options.clients,
    users: world.users.length,
    seconds,
    perOperation: Object.fromEntries(
      REPORTED.map((op) => [op, { counts: tallies[op].counts, latency: summarizeLatencies(tallies[op].latencies) }]),
    ) as THttpFigures['perOperation'],
    all: { counts: allCounts, latency: summarizeLatencies(allLatencies) },
    errorKinds,
    busiestUser: { requests: busiest, perSecond: busiest / seconds },
    stack: stackUsage,
    bench: benchUsage,
  };
  return figures;
}

// ---------------------------------------------------------------------------------------------------
// WebSocket: connections held open while creations run.

interface THeldSocket {
  socket: WebSocket;
  username: string;
  /** Set when the socket closed before the bench closed it. */
  droppedWith?: { code: number; reason: string };
  closingByUs: boolean;
  /** Messages by reqID, for the calls under way on this socket. */
  listeners: Map<string, (message: ReturnType<typeof parseServerMessage>) => void>;
}

/** Opens one authenticated socket; the time from asking to open, or why it was refused. */
function openSocket(
  wsUrl: string,
  username: string,
  token: string,
): Promise<{ held: THeldSocket; ms: number } | { refused: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = new WebSocket(`${wsUrl}?token=${encodeURIComponent(token)}`, { perMessageDeflate: false });
    const held: THeldSocket = { socket, username, closingByUs: false, listeners: new Map() };
    socket.once('unexpected-response', (_req, res) => resolve({ refused: `HTTP ${res.statusCode ?? 0}` }));
    socket.on('error', (error) => resolve({ refused: error.message }));
    socket.once('open', () => resolve({ held, ms: performance.now() - started }));
    socket.on('message', (data: Buffer) => {
      const message = parseServerMessage(data.toString('utf8'));
      const reqID =
        message?.kind === 'reply' ? message.reply.reqID : message?.kind === 'progress' ? message.progress.reqID : null;
      if (reqID) held.listeners.get(reqID)?.(message);
    });
    socket.on('close', (code, reason) => {
      if (!held.closingByUs) held.droppedWith = { code, reason: reason.toString('utf8') };
    });
  });
}

/**
 * Sends `chunks` of one request as the web client does (one after the other, each waiting for its
 * reply) and answers the last reply and the progress messages seen; null when the socket closed first.
 */
function callOver(
  held: THeldSocket,
  action: string,
  chunks: readonly object[],
  timeoutMs: number,
): Promise<{ reply: TRealtimeReply | null; progress: number; ms: number }> {
  const reqID = `load-${randomUUID()}`;
  const started = performance.now();
  let progress = 0;
  return new Promise((resolve) => {
    const finish = (reply: TRealtimeReply | null): void => {
      clearTimeout(timer);
      held.listeners.delete(reqID);
      held.socket.off('close', onClose);
      resolve({ reply, progress, ms: performance.now() - started });
    };
    const onClose = (): void => finish(null);
    const timer = setTimeout(() => finish(null), timeoutMs);
    held.socket.once('close', onClose);
    let index = 0;
    const sendNext = (): void => {
      held.socket.send(
        JSON.stringify({
          action,
          reqID,
          ...(chunks.length > 1 ? { chunk: { index, count: chunks.length } } : {}),
          ...chunks[index],
        }),
      );
    };
    held.listeners.set(reqID, (message) => {
      if (message?.kind === 'progress') {
        progress++;
        return;
      }
      if (message?.kind !== 'reply') return;
      if (!message.reply.success || index === chunks.length - 1) return finish(message.reply);
      index++;
      sendNext();
    });
    sendNext();
  });
}

/** What the WebSocket run measured. */
export interface TWsFigures {
  asked: number;
  opened: number;
  refused: Record<string, number>;
  connectSeconds: number;
  connect: TLatencySummary;
  heldSeconds: number;
  dropped: { count: number; codes: Record<string, number> };
  creations: { companies: number; atOnce: number; results: { ms: number; event: string | null; progress: number }[] };
  bidder: { calls: number; throttled: number };
  trickle: { calls: number; failures: number; latency: TLatencySummary };
  /** Connection records left in the table after every socket closed, and how long they took to go. */
  recordsLeft: number;
  recordsGoneMs: number;
  stack: TProcessUsage[];
  bench: { cpuSeconds: number; corePercent: number; rssBytes: number };
}

const CONNECTS_AT_ONCE = 25;
const TRICKLE_DOMAINS = 5;

async function connectionRecords(table: string): Promise<number> {
  const scanned = await localDynamoDb().send(new ScanCommand({ TableName: table, Select: 'COUNT' }));
  return scanned.Count ?? 0;
}

/**
 * `sockets` connections (the world's users round robin, plus the demo user's, who creates on Acme as
 * the creation bench does), opened `CONNECTS_AT_ONCE` at a time and held while `creations` campaigns
 * of `creationCompanies` companies are created over them, `creationsAtOnce` at a time, with the
 * bidder simulator as the creation bench sets it, and a small CSV match every `trickleEveryMs` on a
 * socket of the world. Then every socket is closed and the connection records must all go.
 */
async function runWsLoad(info: LocalStackInfo, world: TLoadWorld, options: TLoadOptions, stackPid: number) {
  const demoToken = await accessTokenFor('demo');
  const requests: { chunks: object[] }[] = [];
  for (let i = 0; i < options.creations; i++)
    requests.push(await creationRequest(demoToken, options.creationCompanies));
  const creators = Math.min(options.creationsAtOnce, options.sockets);
  const owners = Array.from({ length: options.sockets }, (_, i) =>
    i < creators
      ? { username: 'demo', token: demoToken }
      : (world.users[i % world.users.length] as TLoadWorld['users'][number]),
  );

  const stack = sampleProcessTree(stackPid);
  const bench = sampleThisProcess();
  const held: THeldSocket[] = [];
  const connectMs: number[] = [];
  const refused: Record<string, number> = {};
  const connectStarted = performance.now();
  await inParallel(owners, CONNECTS_AT_ONCE, async (owner) => {
    const opened = await openSocket(info.wsUrl, owner.username, owner.token);
    if ('refused' in opened) refused[opened.refused] = (refused[opened.refused] ?? 0) + 1;
    else {
      held.push(opened.held);
      connectMs.push(opened.ms);
    }
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;
  const heldFrom = performance.now();

  await bidderLoad(info.simulators.bidder, 'PUT', BENCH_BIDDER_LOAD);
  const before = await bidderLoad(info.simulators.bidder, 'GET');
  const creatorSockets = held.filter((h) => h.username === 'demo');
  const worldSockets = held.filter((h) => h.username !== 'demo');
  const trickleMs: number[] = [];
  let trickleCalls = 0;
  let trickleFailures = 0;
  let creating = true;
  const domains = COMPANIES.map((c) => c.domain);
  const trickle = (async () => {
    const random = seededRandom(7);
    const pending: Promise<void>[] = [];
    while (creating && worldSockets.length > 0) {
      const socket = worldSockets[Math.floor(random() * worldSockets.length)] as THeldSocket;
      const start = Math.floor(random() * Math.max(1, domains.length - TRICKLE_DOMAINS));
      trickleCalls++;
      pending.push(
        callOver(
          socket,
          'getCSVKickfireMatches',
          [{ domains: domains.slice(start, start + TRICKLE_DOMAINS) }],
          30_000,
        ).then(({ reply, ms }) => {
          if (reply?.success && reply.event === 'retrievedCSVKickfireMatches') trickleMs.push(ms);
          else trickleFailures++;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, options.trickleEveryMs));
    }
    await Promise.all(pending);
  })();

  const results: TWsFigures['creations']['results'] = [];
  const lanes = Array.from({ length: creators }, async (_, lane) => {
    const socket = creatorSockets[lane];
    if (!socket) return;
    for (let i = lane; i < requests.length; i += creators) {
      const { chunks } = requests[i] as { chunks: object[] };
      const { reply, progress, ms } = await callOver(socket, 'createCampaign', chunks, 15 * 60_000);
      results.push({ ms, event: reply?.success ? reply.event : (reply?.error ?? null), progress });
    }
  });
  await Promise.all(lanes);
  creating = false;
  await trickle;
  const after = await bidderLoad(info.simulators.bidder, 'GET');

  const heldSeconds = (performance.now() - heldFrom) / 1000;
  const dropped = held.filter((h) => h.droppedWith !== undefined || h.socket.readyState !== WebSocket.OPEN);
  const codes: Record<string, number> = {};
  for (const h of dropped)
    codes[String(h.droppedWith?.code ?? h.socket.readyState)] =
      (codes[String(h.droppedWith?.code ?? h.socket.readyState)] ?? 0) + 1;

  await Promise.all(
    held.map(
      (h) =>
        new Promise<void>((resolve) => {
          h.closingByUs = true;
          if (h.socket.readyState === WebSocket.CLOSED) return resolve();
          h.socket.once('close', () => resolve());
          h.socket.close(1000, 'load bench done');
        }),
    ),
  );
  const closedAt = performance.now();
  let recordsLeft = await connectionRecords(info.tables.connections);
  while (recordsLeft > 0 && performance.now() - closedAt < 15_000) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    recordsLeft = await connectionRecords(info.tables.connections);
  }
  const figures: TWsFigures = {
    asked: options.sockets,
    opened: held.length,
    refused,
    connectSeconds,
    connect: summarizeLatencies(connectMs),
    heldSeconds,
    dropped: { count: dropped.length, codes },
    creations: { companies: options.creationCompanies, atOnce: creators, results },
    bidder: { calls: after.calls - before.calls, throttled: after.throttled - before.throttled },
    trickle: { calls: trickleCalls, failures: trickleFailures, latency: summarizeLatencies(trickleMs) },
    recordsLeft,
    recordsGoneMs: performance.now() - closedAt,
    stack: stack.stop(),
    bench: bench.stop(),
  };
  return figures;
}

// ---------------------------------------------------------------------------------------------------

/** This machine, as the figures should be read. */
export interface TMachine {
  cores: number;
  cpuModel: string;
  memoryGb: number;
  node: string;
  openFilesSoft: string;
  openFilesHard: string;
}

function machine(): TMachine {
  const ulimit = (flag: string): string => {
    try {
      return execFileSync('sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).trim();
    } catch {
      return 'unknown';
    }
  };
  const list = cpus();
  return {
    cores: list.length,
    cpuModel: list[0]?.model ?? 'unknown',
    memoryGb: Math.round(
      Number(execFileSync('sh', ['-c', "awk '/MemTotal/ {print $2}' /proc/meminfo"], { encoding: 'utf8' })) /
        1024 /
        1024,
    ),
    node: process.version,
    openFilesSoft: ulimit('-Sn'),
    openFilesHard: ulimit('-Hn'),
  };
}

export interface TLoadFigures {
  machine: TMachine;
  options: TLoadOptions;
  world: { users: number; advertisers: number; campaigns: number; lineItems: number; seedSeconds: number };
  http: THttpFigures;
  ws: TWsFigures;
}

/** Both runs on one fresh stack (no web server), the HTTP load first. */
export async function measureLoad(options: TLoadOptions): Promise<TLoadFigures> {
  forgetStack();
  const stack = await spawnStack({ web: 'none' });
  try {
    process.env[STACK_INFO_ENV] = stack.infoFile;
    const world = await seedLoadWorld(stack.info, options.users);
    const http = await runHttpLoad(stack.info, world, options, stack.pid);
    const ws = await runWsLoad(stack.info, world, options, stack.pid);
    return {
      machine: machine(),
      options,
      world: {
        users: world.users.length,
        advertisers: world.advertisers.length,
        campaigns: world.campaigns.length,
        lineItems: world.campaigns.length * LINE_ITEMS_PER_CAMPAIGN,
        seedSeconds: world.seedSeconds,
      },
      http,
      ws,
    };
  } finally {
    await stack.stop();
    forgetStack();
  }
}

/** Whether the run meets issue 16's bar: errors under 0.1%, no dropped socket, every creation `campaignCreated`. */
export function loadGoalsMet(f: TLoadFigures): boolean {
  return (
    errorRateVerdict(f.http.all.counts).pass &&
    f.ws.opened === f.ws.asked &&
    f.ws.dropped.count === 0 &&
    f.ws.creations.results.length === f.options.creations &&
    f.ws.creations.results.every((r) => r.event === 'campaignCreated') &&
    f.ws.trickle.failures === 0 &&
    f.ws.recordsLeft === 0
  );
}

// ---------------------------------------------------------------------------------------------------
// Printing.

const ms = (value: number): string => (Number.isNaN(value) ? '-' : value.toFixed(1));
const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
const pct = (rate: number): string => `${(rate * 100).toFixed(3)}%`;

function usageLines(
  stack: readonly TProcessUsage[],
  bench: { cpuSeconds: number; corePercent: number; rssBytes: number },
): string[] {
  return [
    '  process                                    CPU s   % of a core   RSS MB start/peak/end',
    ...stack.map(
      (u) =>
        `  ${u.label.padEnd(40)} ${u.cpuSeconds.toFixed(1).padStart(7)}   ${u.corePercent.toFixed(0).padStart(11)}   ${mb(u.rssStartBytes)}/${mb(u.rssPeakBytes)}/${mb(u.rssEndBytes)}`,
    ),
    `  ${'load generator (this process)'.padEnd(40)} ${bench.cpuSeconds.toFixed(1).padStart(7)}   ${bench.corePercent.toFixed(0).padStart(11)}   ${mb(bench.rssBytes)} (end)`,
  ];
}

export function formatLoadFigures(f: TLoadFigures): string {
  const m = f.machine;
  const h = f.http;
  const limit = DEPLOYED_PER_USER_LIMIT;
  const verdict = errorRateVerdict(h.all.counts);
  const row = (name: string, counts: TReplyCounts, latency: TLatencySummary): string =>
    `${name.padEnd(30)} ${String(requestsOf(counts)).padStart(7)} ${(requestsOf(counts) / h.seconds).toFixed(1).padStart(7)} ${ms(latency.p50).padStart(7)} ${ms(latency.p90).padStart(7)} ${ms(latency.p99).padStart(7)} ${ms(latency.max).padStart(8)} ${String(counts.expected).padStart(6)} ${String(counts.throttled).padStart(5)} ${String(counts.errors).padStart(6)} ${pct(errorRateVerdict(counts).rate).padStart(8)}`;
  const w = f.ws;
  const created = w.creations.results.filter((r) => r.event === 'campaignCreated').length;
  const creationMs = summarizeLatencies(w.creations.results.map((r) => r.ms));
  return [
    `machine: ${m.cores} cores (${m.cpuModel}), ${m.memoryGb} GB, Node ${m.node}; open files (ulimit -n) soft ${m.openFilesSoft}, hard ${m.openFilesHard} (left as they are: above the ${f.options.sockets * 2 + f.options.clients + 200} sockets the run needs on both ends)`,
    `world: an agency of ${f.world.users} colleagues, ${f.world.advertisers} advertisers, ${f.world.campaigns} campaigns of ${LINE_ITEMS_PER_CAMPAIGN} line items with ${DELIVERY_DAYS} days of synced delivery (seeded in ${f.world.seedSeconds.toFixed(1)} s)`,
    '',
    `## HTTP: ${h.clients} clients (one keep-alive connection each, no think time) for ${h.seconds.toFixed(1)} s, ${h.clients / h.users} clients per user`,
    `per-user limit: ${limit.requests} per ${limit.windowSeconds} s (the prod stage's WAF rule, set on the local gateway for the run); busiest user ${h.busiestUser.requests} requests = ${h.busiestUser.perSecond.toFixed(1)} req/s (limit ${(limit.requests / limit.windowSeconds).toFixed(1)} req/s)`,
    `${'operation'.padEnd(30)} ${'requests'.padStart(7)} ${'req/s'.padStart(7)} ${'p50 ms'.padStart(7)} ${'p90 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(8)} ${'4xx ok'.padStart(6)} ${'429'.padStart(5)} ${'errors'.padStart(6)} ${'err rate'.padStart(8)}`,
    ...REPORTED.map((op) => row(op, h.perOperation[op].counts, h.perOperation[op].latency)),
    row('all', h.all.counts, h.all.latency),
    `(latencies of the replies served; "4xx ok" = 409 when a concurrent edit of the same record won, as the product must say)`,
    `error rate ${pct(verdict.rate)} (${h.all.counts.errors} of ${verdict.requests}), goal < 0.1%: ${verdict.pass ? 'PASS' : 'FAIL'}; 429 (over the per-user limit, not counted as errors): ${h.all.counts.throttled}`,
    ...Object.entries(h.errorKinds).map(([kind, n]) => `  error: ${kind} x${n}`),
    'CPU and memory during the HTTP run:',
    ...usageLines(h.stack, h.bench),
    '',
    `## WebSocket: ${w.asked} connections, ${w.creations.results.length} campaign creations (${w.creations.companies} companies each, ${w.creations.atOnce} at a time, bidder simulator ${BENCH_BIDDER_LOAD.latencyMs} ms a call and ${BENCH_BIDDER_LOAD.maxConcurrent} at once), a CSV match every ${f.options.trickleEveryMs} ms`,
    `connect: ${w.opened} of ${w.asked} opened in ${w.connectSeconds.toFixed(1)} s (${CONNECTS_AT_ONCE} at a time): p50 ${ms(w.connect.p50)} ms, p99 ${ms(w.connect.p99)} ms, max ${ms(w.connect.max)} ms; refused ${
      Object.entries(w.refused)
        .map(([why, n]) => `${why} x${n}`)
        .join(', ') || '0'
    }`,
    `held ${w.heldSeconds.toFixed(1)} s; dropped ${w.dropped.count}${w.dropped.count > 0 ? ` (close codes ${JSON.stringify(w.dropped.codes)})` : ''} (goal 0)`,
    `creations: ${created} of ${w.creations.results.length} ended with campaignCreated; duration p50 ${(creationMs.p50 / 1000).toFixed(1)} s, max ${(creationMs.max / 1000).toFixed(1)} s; each: ${w.creations.results.map((r) => `${(r.ms / 1000).toFixed(1)} s/${r.progress} progress/${r.event ?? 'no reply'}`).join(', ')}`,
    `bidder: ${w.bidder.calls} calls, ${w.bidder.throttled} answered 429 (retried by the product)`,
    `other realtime calls (getCSVKickfireMatches, ${TRICKLE_DOMAINS} domains): ${w.trickle.calls} sent, ${w.trickle.failures} failed; p50 ${ms(w.trickle.latency.p50)} ms, p99 ${ms(w.trickle.latency.p99)} ms`,
    `after closing every socket: ${w.recordsLeft} connection records left (${(w.recordsGoneMs / 1000).toFixed(1)} s after the last close)`,
    'CPU and memory during the WebSocket run:',
    ...usageLines(w.stack, w.bench),
    '',
    `load goals (errors < 0.1%, every socket opened and none dropped, every creation campaignCreated, no failed realtime call, no connection record left): ${loadGoalsMet(f) ? 'MET' : 'NOT MET'}`,
  ].join('\n');
}
