import { now, nowMs } from '@bidgrid/shared/clock';
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type * as z from '@bidgrid/shared/zod';
import { advertiserRoutes } from '@bidgrid/lambdas/adapters/bidder/wire/advertisers.wire';
import { authenticateRoute, sessionCookieName } from '@bidgrid/lambdas/adapters/bidder/wire/auth.wire';
import { campaignRoutes } from '@bidgrid/lambdas/adapters/bidder/wire/campaigns.wire';
import type { BuzzRoute } from '@bidgrid/lambdas/adapters/bidder/wire/common.wire';
import { conversionEventRoutes } from '@bidgrid/lambdas/adapters/bidder/wire/conversion-events.wire';
import { creativeRoutes } from '@bidgrid/lambdas/adapters/bidder/wire/creatives.wire';
import { lineItemRoutes } from '@bidgrid/lambdas/adapters/bidder/wire/line-items.wire';
import { listRoutes } from '@bidgrid/lambdas/adapters/bidder/wire/lists.wire';
import { HEM, segmentRoutes } from '@bidgrid/lambdas/adapters/bidder/wire/segments.wire';
import { targetingExpressionRoutes } from '@bidgrid/lambdas/adapters/bidder/wire/targeting-expressions.wire';
import type { TTargetingModules } from '@bidgrid/lambdas/adapters/bidder/wire/targeting-expressions.wire';
import { BIDDER_BUZZ_KEY, SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { JsonStore, omitKey } from '../support/json-store';
import type { Logger } from '../support/logger';
import type { HistoryEntry } from './bidder-delivery';
import { createReportingRoutes, type ReportSource } from './bidder-reports';
import { createSimulatorServer, type SimReply, type SimRequest, type SimRoute } from './simulator-server';

/**
 * The bidder (Beeswax / FreeWheel Buzz) on its current API: v2 for advertisers, campaigns, line
 * items and targeting expressions, 0.5 where the vendor has no v2 route (assets, creatives and
 * their links, lists, segments and uploads, conversion events and tags). Every route, its request
 * and its reply are described once in `lambdas/src/adapters/bidder/wire/`: the simulator validates
 * each request body with that description and answers in the described shapes (its tests parse
 * every reply with it), so it cannot drift from the client alone.
 *
 * Like the bidder: unknown ids answer 404, bad values 400 (v2: `{field: [messages]}` and
 * `{detail}`; 0.5: `{success: false, message, errors}`), a session cookie `<buzz_key>_buzz_cookie`
 * is required, and requests are rate limited per account (`RATE_LIMIT`; the bidder's own limit is
 * unconfirmed). Videos transcode asynchronously: an uploaded video asset reads `transcoding` on the
 * first status read and `complete` from the second (deterministic, no clock). Segment uploads read
 * `complete` from the first status read after their file came.
 */

/**
 * Requests per second per account, and the burst a full bucket allows. The bidder's own limit is
 * unconfirmed; this one is high enough that the seeds and benches (a few thousand calls in a row)
 * are not slowed, and the simulator's tests prove the 429 with a small limit of their own.
 */
export const RATE_LIMIT = { perSecond: 500, burst: 1000 } as const;
/** Status reads of an uploaded video asset until it is transcoded. */
export const TRANSCODE_POLLS = 2;

/**
 * How loaded the bidder behaves (local only, `PUT /__load`, or the simulator's `load` option): every
 * API call takes `latencyMs` before it is answered, and beyond `maxConcurrent` calls in flight the
 * next one is answered 429 with `Retry-After` at once, as a busy vendor does. The bench sets "50 ms a
 * call, at most 20 at once"; by default the bidder answers at once and takes any number.
 */
export interface BidderLoad {
  latencyMs: number;
  maxConcurrent: number | null;
}

/** What `GET /__load` answers: the settings, and the API calls seen since the last reset. */
export interface BidderLoadReport extends BidderLoad {
  inFlight: number;
  /** API calls answered or refused, all routes (sign-in and reporting excluded). */
  calls: number;
  /** Calls refused with 429 because `maxConcurrent` were in flight. */
  throttled: number;
  /** Calls by route (`POST /rest/v2/line-items`). */
  byRoute: Record<string, number>;
  /** The most calls that were in flight at once. */
  maxInFlight: number;
}

/** The path of the load control: not a vendor path (the double underscore, like `/__faults`). */
export const BIDDER_LOAD_PATH = '/__load';
/** How often the bidder's state is written to its file at most (`JsonStore` write-behind). */
export const BIDDER_STATE_WRITE_MS = 1_000;
const NO_LOAD: BidderLoad = { latencyMs: 0, maxConcurrent: null };
/** Seconds a client is told to wait after a 429 for too many calls at once. */
const BUSY_RETRY_AFTER_SECONDS = 1;

type Row = Record<string, unknown>;

/** Stored entities by kind. */
const KINDS = [
  'advertiser',
  'campaign',
  'line_item',
  'targeting_expression',
  'custom_list',
  'creative_asset',
  'video_asset',
  'creative',
  'creative_line_item',
  'segment',
  'segment_upload',
  'event',
] as const;
export type BidderEntity = (typeof KINDS)[number];

interface BidderState {
  nextId: number;
  rows: Record<BidderEntity, Record<string, Row>>;
  /** Items of each custom list by normalized item (domains lower-cased). */
  listItems: Record<string, Record<string, { value: number; name: string }>>;
  /** Hashed e-mails by segment key. */
  members: Record<string, string[]>;
  /** Signed-in sessions; one past `expiresAt` (ms) answers 401 like an unknown one. */
  sessions: Record<string, { email: string; createdAt: string; expiresAt?: number }>;
  /**
   * Settings over time of the entities that deliver (`campaign:12`, `line_item:40`): delivery of a
   * past day follows the settings of that day, so a change today leaves last month's report alone.
   * The first entry (`at: null`) is the state the entity was set up in, taken as always true: until
   * an entity is first switched on, changes rewrite that entry (a line item is created inactive and
   * switched on once its creatives are linked: that is still its set-up). Line item entries carry
   * their targeting expression's modules (`targeting_modules`), which the delivery reads.
   */
  history: Record<string, HistoryEntry[]>;
}

const historyKey = (entity: 'campaign' | 'line_item', id: string | number): string => `${entity}:${id}`;

const emptyState = (): BidderState => ({
  nextId: 1,
  rows: Object.fromEntries(KINDS.map((k) => [k, {}])) as BidderState['rows'],
  listItems: {},
  members: {},
  sessions: {},
  history: {},
});

/** Dollars as a v2 decimal string (cents). */
const decimalOf = (value: unknown): string => String(Math.round(Number(value ?? 0) * 100) / 100 || 0);
/** A 0.5 day (`2026-07-01`) as a v2 date-time, the first or the last second of the day. */
const dateTimeOf = (value: unknown, end: boolean): unknown =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T${end ? '23:59:59' : '00:00:00'}Z` : value;

/**
 * Brings a state file the 0.5 simulator wrote up to date, so a local stack seeded before keeps its
 * campaigns: the kinds it did not have, and advertisers, campaigns and line items under their v2
 * fields (`id`, `name`, `spend_budget`, `type`, `bidding.strategy`, date-times). History entries
 * stay as they are: the delivery reads both forms.
 */
export function upgradeState(s: BidderState): void {
  for (const kind of KINDS) s.rows[kind] ??= {};
  s.listItems ??= {};
  s.members ??= {};
  for (const row of Object.values(s.rows.advertiser)) {
    if (row['id'] !== undefined) continue;
    Object.assign(row, {
      id: row['advertiser_id'],
      name: row['advertiser_name'] ?? `Advertiser ${String(row['advertiser_id'])}`,
    });
  }
  for (const row of Object.values(s.rows.campaign)) {
    if (row['id'] !== undefined) continue;
    Object.assign(row, {
      id: row['campaign_id'],
      name: row['campaign_name'] ?? `Campaign ${String(row['campaign_id'])}`,
      budget_type: 'spend',
      spend_budget: { lifetime: decimalOf(row['campaign_budget']), daily: decimalOf(row['daily_budget']) },
      start_date: dateTimeOf(row['start_date'], false),
      end_date: dateTimeOf(row['end_date'], true),
    });
  }
  for (const row of Object.values(s.rows.line_item)) {
    if (row['id'] !== undefined) continue;
    const bidding = row['bidding'] as { values?: { cpm_bid?: unknown } } | undefined;
    Object.assign(row, {
      id: row['line_item_id'],
      name: row['line_item_name'] ?? `Line item ${String(row['line_item_id'])}`,
      type: Number(row['line_item_type_id']) === 1 ? 'video' : 'banner',
      budget_type: 'spend',
      spend_budget: { lifetime: '0', daily: decimalOf(row['daily_budget']) },
      bidding: { strategy: 'CPM', values: { cpm_bid: Number(bidding?.values?.cpm_bid ?? 1) }, pacing: 'daily' },
    });
  }
}

/** Beeswax's 0.5 date-time format: `2026-11-25 14:03:00`. */
const buzzTime = (d = now()): string => d.toISOString().slice(0, 19).replace('T', ' ');

const COOKIE = sessionCookieName(BIDDER_BUZZ_KEY);

/** Replies in each API version's shape. */
const v2 = {
  ok: (body: unknown, status = 200): SimReply => ({ status, body }),
  noContent: (): SimReply => ({ status: 204 }),
  notFound: (): SimReply => ({ status: 404, body: { detail: 'Not found.' } }),
  invalid: (errors: Record<string, string[]>): SimReply => ({ status: 400, body: errors }),
  denied: (): SimReply => ({ status: 401, body: { detail: 'Authentication credentials were not provided.' } }),
};
const legacy = {
  ok: (payload: unknown, message?: string): SimReply => ({
    status: 200,
    body: { success: true, ...(message ? { message } : {}), payload },
  }),
  fail: (status: number, message: string, errors: string[] = [`ERROR: ${message}`]): SimReply => ({
    status,
    body: { success: false, message, errors },
  }),
};

/** Field errors of a failed parse, by dotted path (`spend_budget.daily`). */
function fieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required.' : issue.message;
    out[key] = [...(out[key] ?? []), message];
  }
  return out;
}

const sessionOf = (req: SimRequest): string | undefined =>
  new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]+)`).exec(req.headers.cookie ?? '')?.[1];

/** Addresses in IPv4 CIDR ranges. */
export const addressesIn = (ranges: readonly string[]): number =>
  ranges.reduce((sum, cidr) => sum + 2 ** (32 - Number(cidr.split('/')[1] ?? 32)), 0);

/** The values of one key of a module. */
const termValues = (
  modules: TTargetingModules | undefined,
  module: keyof TTargetingModules,
  key: string,
): unknown[] => {
  const keys = (modules?.[module]?.all ?? {}) as Record<string, { any: Array<{ value: unknown }> } | undefined>;
  return keys[key]?.any.map((t) => t.value) ?? [];
};

/** The file of a multipart request's field, or undefined. */
async function fileOf(req: SimRequest, field: string): Promise<Blob | undefined> {
  const type = req.headers['content-type'] ?? '';
  if (!type.startsWith('multipart/form-data')) return undefined;
  const form = await new Request('http://simulator.local', {
    method: 'POST',
    headers: { 'content-type': type },
    body: new Uint8Array(req.body),
  })
    .formData()
    .catch(() => undefined);
  const file = form?.get(field);
  return file instanceof Blob ? file : undefined;
}

/** What a route does once the session, the rate limit and the body's description are checked. */
type Handler<R extends BuzzRoute> = (input: {
  body: z.output<R['request']>;
  params: Record<string, string>;
  req: SimRequest;
}) => SimReply | Promise<SimReply>;

/** What the route groups share: the state, the clock, reads, writes and the route table. */
interface Sim {
  store: JsonStore<BidderState>;
  now: () => number;
  change: <R>(apply: (s: BidderState) => R) => R;
  rows: (kind: BidderEntity) => Readonly<Record<string, Row>>;
  row: (kind: BidderEntity, id: string | number | undefined) => Row | undefined;
  nextId: (s: BidderState) => number;
  track: (s: BidderState, entity: 'campaign' | 'line_item', id: number, values: Row) => void;
  lineItemValues: (s: BidderState, lineItem: Row) => Row;
  on: <R extends BuzzRoute>(route: R, handle: Handler<R>) => void;
  stamp: () => Row;
  v2Missing: (field: string, id: unknown) => SimReply;
  legacyMissing: (what: string, field: string, id: unknown) => SimReply;
  v2List: (kind: BidderEntity, req: SimRequest, filters: string[]) => SimReply;
  removeLineItem: (s: BidderState, id: string) => void;
  /** The look-ups the bidder keys (links by line item, line items by targeting expression). */
  index: () => BidderIndex;
}

/**
 * What the bidder looks up by key rather than by scanning: a line item's creative links, and the
 * line items using a targeting expression. Scanning every row per call made a campaign of 25,000
 * line items quadratic (switching each on looked through every link). Built from the state on first
 * use, then kept up to date by the routes that add or remove such rows.
 */
interface BidderIndex {
  links: Map<string, Set<string>>;
  users: Map<string, Set<string>>;
}

function addTo(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key) ?? new Set<string>();
  set.add(value);
  map.set(key, set);
}

function removeFrom(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}

function indexOf(data: BidderState): BidderIndex {
  const index: BidderIndex = { links: new Map(), users: new Map() };
  for (const [linkId, link] of Object.entries(data.rows.creative_line_item)) {
    addTo(index.links, String(link['line_item_id']), linkId);
  }
  for (const [lineItemId, lineItem] of Object.entries(data.rows.line_item)) {
    if (lineItem['targeting_expression_id'] !== undefined) {
      addTo(index.users, String(lineItem['targeting_expression_id']), lineItemId);
    }
  }
  return index;
}

/**
 * The campaigns, line items and active creative links of the stored entities, as the report reads them
 * (v2 advertisers, campaigns and line items carry `id`; 0.5 creatives and links their own id fields).
 */
function reportSourceOf(data: BidderState): ReportSource {
  const lineItems = new Map<number, number[]>();
  for (const li of Object.values(data.rows.line_item)) {
    const campaignId = Number(li['campaign_id']);
    const list = lineItems.get(campaignId) ?? [];
    list.push(Number(li['id']));
    lineItems.set(campaignId, list);
  }
  const activeCreatives = new Set(
    Object.values(data.rows.creative)
      .filter((c) => c['active'] !== false)
      .map((c) => Number(c['creative_id'])),
  );
  const creatives = new Map<number, number[]>();
  for (const link of Object.values(data.rows.creative_line_item)) {
    const creativeId = Number(link['creative_id']);
    if (link['active'] === false || !activeCreatives.has(creativeId)) continue;
    const lineItemId = Number(link['line_item_id']);
    const list = creatives.get(lineItemId) ?? [];
    list.push(creativeId);
    creatives.set(lineItemId, list);
  }
  const campaigns = Object.values(data.rows.campaign).map((c) => ({
    campaignId: Number(c['id']),
    advertiserId: Number(c['advertiser_id']),
  }));
  return {
    campaigns: () => campaigns,
    lineItemsOf: (campaignId) => lineItems.get(campaignId) ?? [],
    creativesOf: (lineItemId) => creatives.get(lineItemId) ?? [],
    historyOf: (entity, id) => data.history[historyKey(entity, id)] ?? [],
  };
}

/**
 * The bidder simulator. `options.rateLimit` overrides `RATE_LIMIT` (tests use a small one);
 * `options.now` its clock for the rate limit.
 */
export function createBidderSimulator(options: {
  stateFile?: string;
  logger: Logger;
  rateLimit?: { perSecond: number; burst: number };
  now?: () => number;
  load?: Partial<BidderLoad>;
}): { server: Server; store: JsonStore<BidderState>; load: () => BidderLoadReport } {
  // Written behind (at most every second): a campaign of 25,000 line items is megabytes of state.
  const store = new JsonStore<BidderState>(options.stateFile, emptyState, { writeBehindMs: BIDDER_STATE_WRITE_MS });
  store.update(upgradeState);
  const now = options.now ?? nowMs;
  const limit = options.rateLimit ?? RATE_LIMIT;
  const bucket = { tokens: limit.burst, at: now() };
  let load: BidderLoad = { ...NO_LOAD, ...options.load };
  const seen = { inFlight: 0, calls: 0, throttled: 0, maxInFlight: 0, byRoute: {} as Record<string, number> };
  const loadReport = (): BidderLoadReport => ({ ...load, ...seen, byRoute: { ...seen.byRoute } });
  // The report's view of the entities, indexed once per change (a report reads them per campaign-day).
  let source: ReportSource | undefined;
  const reporting = createReportingRoutes({
    source: () => (source ??= reportSourceOf(store.data)),
    authorize: (req) => requireSession(req),
  });
  const change = <R>(apply: (s: BidderState) => R): R => {
    source = undefined;
    reporting.forget();
    return store.update(apply);
  };
  const rows = (kind: BidderEntity) => store.data.rows[kind];
  const row = (kind: BidderEntity, id: string | number | undefined): Row | undefined =>
    id === undefined ? undefined : rows(kind)[String(id)];

  /** Whether a session id is signed in and not expired (15 minutes, 30 days with `keep_logged_in`). */
  const live = (sid: string | undefined): boolean => {
    const session = sid === undefined ? undefined : store.data.sessions[sid];
    return session !== undefined && (session.expiresAt ?? 0) > now();
  };

  /** One token per request; none left answers 429 with how long until the next. */
  const throttled = (route: BuzzRoute): SimReply | undefined => {
    const t = now();
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 1000) * limit.perSecond);
    bucket.at = t;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return undefined;
    }
    const seconds = Math.max(1, Math.ceil((1 - bucket.tokens) / limit.perSecond));
    const detail = `Request was throttled. Expected available in ${seconds} second${seconds === 1 ? '' : 's'}.`;
    return {
      status: 429,
      headers: { 'retry-after': String(seconds) },
      body: route.api === 'v2' ? { detail } : { success: false, message: detail, errors: [`ERROR: ${detail}`] },
    };
  };

  const nextId = (s: BidderState): number => s.nextId++;

  /** Records a new setting of a delivering entity (see `history`). */
  const track = (s: BidderState, entity: 'campaign' | 'line_item', id: number, values: Row): void => {
    const key = historyKey(entity, id);
    const past = s.history[key] ?? [];
    const everActive = past.some((e) => e.values['active'] === true);
    s.history[key] =
      past.length === 0 || !everActive
        ? [{ at: null, values }]
        : [...past, { at: new Date(now()).toISOString(), values }];
  };
  const lineItemValues = (s: BidderState, lineItem: Row): Row => ({
    ...lineItem,
    targeting_modules: s.rows.targeting_expression[String(lineItem['targeting_expression_id'])]?.['modules'] ?? {},
  });

  /**
   * Registers a described route: the load settings first (latency, the cap of calls in flight), then
   * session, rate limit and request description.
   */
  const routes: SimRoute[] = [];
  const on = <R extends BuzzRoute>(route: R, handle: Handler<R>): void => {
    const name = `${route.method} ${route.path}`;
    routes.push({
      method: route.method,
      pattern: route.path,
      handle: async (req) => {
        seen.calls++;
        seen.byRoute[name] = (seen.byRoute[name] ?? 0) + 1;
        if (load.maxConcurrent !== null && seen.inFlight >= load.maxConcurrent) {
          seen.throttled++;
          return busyReply(route);
        }
        seen.inFlight++;
        seen.maxInFlight = Math.max(seen.maxInFlight, seen.inFlight);
        try {
          if (load.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, load.latencyMs));
          return await answer(req);
        } finally {
          seen.inFlight--;
        }
      },
    });
    /** Session, rate limit and request description first, then the route. */
    const answer = async (req: SimRequest): Promise<SimReply> => {
      const sid = sessionOf(req);
      if (!live(sid)) {
        return route.api === 'v2' ? v2.denied() : legacy.fail(401, 'Authentication failed');
      }
      const busy = throttled(route);
      if (busy) return busy;
      let body: unknown;
      if (route.body === 'json') {
        const parsed = route.request.safeParse(req.json());
        if (!parsed.success) {
          const errors = fieldErrors(parsed.error);
          return route.api === 'v2'
            ? v2.invalid(errors)
            : legacy.fail(
                400,
                `Unable to ${route.method === 'POST' ? 'create' : 'update'} ${route.path.split('/')[2] ?? ''}`,
                Object.entries(errors).map(([f, m]) => `ERROR: ${f} ${m.join(' ')}`),
              );
        }
        body = parsed.data;
      }
      return handle({ body: body as z.output<R['request']>, params: req.params, req });
    };
  };

  /** The answer to a call beyond `maxConcurrent`: 429 with `Retry-After`, in the route's API's shape. */
  const busyReply = (route: BuzzRoute): SimReply => {
    const detail = `Too many concurrent requests. Expected available in ${BUSY_RETRY_AFTER_SECONDS} second.`;
    return {
      status: 429,
      headers: { 'retry-after': String(BUSY_RETRY_AFTER_SECONDS) },
      body: route.api === 'v2' ? { detail } : { success: false, message: detail, errors: [`ERROR: ${detail}`] },
    };
  };

  /** `GET|PUT|DELETE /__load`: read, set or reset the load settings and counters (local only). */
  const loadControl: SimRoute[] = [
    { method: 'GET', pattern: BIDDER_LOAD_PATH, handle: () => ({ status: 200, body: loadReport() }) },
    {
      method: 'PUT',
      pattern: BIDDER_LOAD_PATH,
      handle: (req) => {
        const { latencyMs, maxConcurrent } = req.json();
        const latencyOk = latencyMs === undefined || (Number.isInteger(latencyMs) && (latencyMs as number) >= 0);
        const capOk =
          maxConcurrent === undefined ||
          maxConcurrent === null ||
          (Number.isInteger(maxConcurrent) && (maxConcurrent as number) >= 1);
        if (!latencyOk || !capOk) {
          return {
            status: 400,
            body: { message: 'Expected {latencyMs?: integer >= 0, maxConcurrent?: integer >= 1 | null}' },
          };
        }
        load = {
          latencyMs: (latencyMs as number | undefined) ?? load.latencyMs,
          maxConcurrent: maxConcurrent === undefined ? load.maxConcurrent : (maxConcurrent as number | null),
        };
        Object.assign(seen, { calls: 0, throttled: 0, maxInFlight: seen.inFlight, byRoute: {} });
        return { status: 200, body: loadReport() };
      },
    },
    {
      method: 'DELETE',
      pattern: BIDDER_LOAD_PATH,
      handle: () => {
        load = { ...NO_LOAD };
        Object.assign(seen, { calls: 0, throttled: 0, maxInFlight: seen.inFlight, byRoute: {} });
        return { status: 200, body: loadReport() };
      },
    },
  ];

  const stamp = (): Row => ({ create_date: new Date(now()).toISOString(), update_date: new Date(now()).toISOString() });
  const v2Missing = (field: string, id: unknown): SimReply =>
    v2.invalid({ [field]: [`Invalid pk "${String(id)}" - object does not exist.`] });
  const legacyMissing = (what: string, field: string, id: unknown): SimReply =>
    legacy.fail(400, `Unable to create ${what}`, [`ERROR: ${field} ${String(id)} does not exist`]);
  const v2List = (kind: BidderEntity, req: SimRequest, filters: string[]): SimReply => {
    const matching = Object.values(rows(kind)).filter((r) =>
      filters.every((f) => req.query.get(f) === null || String(r[f]) === req.query.get(f)),
    );
    const pageSize = Math.min(500, Number(req.query.get('page_size') ?? 50) || 50);
    const page = Math.max(1, Number(req.query.get('page') ?? 1) || 1);
    const results = matching.slice((page - 1) * pageSize, page * pageSize);
    const link = (p: number) => `${req.path}?page=${p}&page_size=${pageSize}`;
    return v2.ok({
      count: matching.length,
      next: page * pageSize < matching.length ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results,
    });
  };

  let bidderIndex: BidderIndex | undefined;
  const index = (): BidderIndex => (bidderIndex ??= indexOf(store.data));

  /**
   * Deletes a line item with its history and links (a deleted campaign takes its line items), in
   * place: copying every row per deletion made undoing a big campaign quadratic.
   */
  const removeLineItem = (s: BidderState, id: string): void => {
    const expressionId = s.rows.line_item[id]?.['targeting_expression_id'];
    if (expressionId !== undefined) removeFrom(index().users, String(expressionId), id);
    Reflect.deleteProperty(s.rows.line_item, id);
    Reflect.deleteProperty(s.history, historyKey('line_item', id));
    for (const linkId of index().links.get(id) ?? []) Reflect.deleteProperty(s.rows.creative_line_item, linkId);
    index().links.delete(id);
  };

  const sim: Sim = {
    store,
    now,
    change,
    rows,
    row,
    nextId,
    track,
    lineItemValues,
    on,
    stamp,
    v2Missing,
    legacyMissing,
    v2List,
    removeLineItem,
    index,
  };

  advertiserSection(sim);
  campaignSection(sim);
  targetingSection(sim);
  lineItemSection(sim);
  listSection(sim);
  assetSection(sim);
  creativeSection(sim);
  segmentSection(sim);
  conversionSection(sim);

  const authenticate = signIn(store, now);

  // The reporting API answers like v2 routes when the session is missing or expired.
  const requireSession = (req: SimRequest): SimReply | undefined => (live(sessionOf(req)) ? undefined : v2.denied());
  // `GET /__lists` (local only): every custom list with its items and their bid multipliers, which the
  // vendor's API does not list back; tests read what the lists hold after our calls.
  const listsControl: SimRoute = {
    method: 'GET',
    pattern: '/__lists',
    handle: () => ({
      status: 200,
      body: {
        lists: Object.values(store.data.rows.custom_list).map((list) => ({
          id: list['custom_list_id'],
          name: list['list_name'],
          alternative_id: list['alternative_id'] ?? null,
          advertiser_id: list['advertiser_id'] ?? null,
          items: Object.fromEntries(
            Object.entries(store.data.listItems[String(list['custom_list_id'])] ?? {}).map(([item, { value }]) => [
              item,
              value,
            ]),
          ),
        })),
      },
    }),
  };
  // `GET /__segments/:key` (local only): the hashed members a segment holds, so tests can see what an
  // upload put in it (the bidder shows members only in its own reports).
  const segmentControl: SimRoute = {
    method: 'GET',
    pattern: '/__segments/:key',
    handle: (req) => {
      const key = req.params['key'] ?? '';
      const known = Object.values(rows('segment')).some((segment) => String(segment['segment_key']) === key);
      return known
        ? { status: 200, body: { segment_key: key, members: store.data.members[key] ?? [] } }
        : { status: 404, body: { message: `No segment ${key}` } };
    },
  };
  // `GET /__segments?alternative_id=` (local only): the segments made under one of our ids, so a test
  // can see that a failed creation left none behind.
  const segmentSearch: SimRoute = {
    method: 'GET',
    pattern: '/__segments',
    handle: (req) => ({
      status: 200,
      body: Object.values(rows('segment')).filter(
        (segment) => segment['alternative_id'] === req.query.get('alternative_id'),
      ),
    }),
  };
  // `GET /__rows/:entity?field=value...` (local only): every row of an entity whose fields equal the
  // query's (as text), for what the vendor's API cannot list by our id (conversion events, creative
  // links, ZIP lists): a fault test checks that a failed creation left none of them.
  const rowSearch: SimRoute = {
    method: 'GET',
    pattern: '/__rows/:entity',
    handle: (req) => {
      const entity = req.params['entity'] ?? '';
      if (!(KINDS as readonly string[]).includes(entity)) {
        return { status: 404, body: { message: `No entity ${entity}` } };
      }
      const filters = [...req.query.entries()];
      return {
        status: 200,
        body: Object.values(rows(entity as BidderEntity)).filter((row) =>
          filters.every(([field, value]) => row[field] !== undefined && String(row[field]) === value),
        ),
      };
    },
  };
  const all: SimRoute[] = [
    ...loadControl,
    listsControl,
    rowSearch,
    segmentControl,
    segmentSearch,
    ...reporting.routes,
    { method: 'POST', pattern: authenticateRoute.path, handle: authenticate },
    { method: 'POST', pattern: '/rest/authenticate', handle: authenticate },
    ...routes,
  ];
  const server = createSimulatorServer('bidder', all, options.logger, { errorBody: bidderErrorBody });
  // A stopped simulator's last changes are on disk before a new one reads the file.
  server.on('close', () => store.flush());
  return { server, store, load: loadReport };
}

/**
 * The bidder's error for an unknown route, an injected fault or a crash: v2 and reporting paths answer
 * `{detail}`, 0.5 paths their `{success: false, message, errors}` envelope.
 */
export function bidderErrorBody(status: number, message: string, path: string): unknown {
  const detail = status === 404 ? 'Not found.' : message;
  return path.startsWith('/rest/v2/') || path.startsWith('/reporting/')
    ? { detail }
    : { success: false, message: detail, errors: [`ERROR: ${detail}`] };
}

/** Advertisers (v2). */
function advertiserSection(sim: Sim): void {
  const { change, rows, row, nextId, on, stamp, v2List } = sim;
  on(advertiserRoutes.create, ({ body }) =>
    v2.ok(
      change((s) => {
        const id = nextId(s);
        const made = { ...body, id, ...stamp() };
        s.rows.advertiser[String(id)] = made;
        return made;
      }),
      201,
    ),
  );
  on(advertiserRoutes.list, ({ req }) => v2List('advertiser', req, ['alternative_id', 'id']));
  on(advertiserRoutes.get, ({ params }) => {
    const found = row('advertiser', params['id']);
    return found ? v2.ok(found) : v2.notFound();
  });
  on(advertiserRoutes.delete, ({ params }) => {
    const id = params['id'] ?? '';
    if (!row('advertiser', id)) return v2.notFound();
    if (Object.values(rows('campaign')).some((c) => String(c['advertiser_id']) === id)) {
      return v2.invalid({ non_field_errors: ['Advertiser has campaigns and cannot be deleted.'] });
    }
    change((s) => {
      s.rows.advertiser = omitKey(s.rows.advertiser, id);
    });
    return v2.noContent();
  });
}

/** Campaigns (v2): a campaign takes its line items along when deleted. */
function campaignSection(sim: Sim): void {
  const { now, change, row, nextId, track, on, stamp, v2Missing, v2List, removeLineItem } = sim;
  on(campaignRoutes.create, ({ body }) => {
    if (!row('advertiser', body.advertiser_id)) return v2Missing('advertiser_id', body.advertiser_id);
    if (body.end_date <= body.start_date) return v2.invalid({ end_date: ['End date must be after start date.'] });
    return v2.ok(
      change((s) => {
        const id = nextId(s);
        const made = { ...body, id, ...stamp() };
        s.rows.campaign[String(id)] = made;
        track(s, 'campaign', id, made);
        return made;
      }),
      201,
    );
  });
  on(campaignRoutes.list, ({ req }) => v2List('campaign', req, ['advertiser_id', 'alternative_id']));
  on(campaignRoutes.get, ({ params }) => {
    const found = row('campaign', params['id']);
    return found ? v2.ok(found) : v2.notFound();
  });
  on(campaignRoutes.update, ({ params, body }) => {
    const id = params['id'] ?? '';
    const found = row('campaign', id);
    if (!found) return v2.notFound();
    const next = { ...found, ...body, update_date: new Date(now()).toISOString() };
    if (String(next['end_date']) <= String(next['start_date'])) {
      return v2.invalid({ end_date: ['End date must be after start date.'] });
    }
    change((s) => {
      s.rows.campaign[id] = next;
      track(s, 'campaign', Number(id), next);
    });
    return v2.ok(next);
  });
  on(campaignRoutes.delete, ({ params }) => {
    const id = params['id'] ?? '';
    if (!row('campaign', id)) return v2.notFound();
    change((s) => {
      s.rows.campaign = omitKey(s.rows.campaign, id);
      s.history = omitKey(s.history, historyKey('campaign', id));
      for (const [lineItemId, lineItem] of Object.entries(s.rows.line_item)) {
        if (String(lineItem['campaign_id']) === id) removeLineItem(s, lineItemId);
      }
    });
    return v2.noContent();
  });
}

/** Targeting expressions (v2): lists and segments they name must exist; a change is history of the line items using it. */
function targetingSection(sim: Sim): void {
  const { now, change, rows, row, nextId, track, lineItemValues, on, stamp, v2List, index } = sim;
  const targetingProblems = (modules: TTargetingModules): Record<string, string[]> => {
    const problems: Record<string, string[]> = {};
    for (const listId of [
      ...termValues(modules, 'geo', 'zip_list'),
      ...termValues(modules, 'inventory', 'domain_list'),
    ]) {
      if (!row('custom_list', listId as number)) problems['modules'] = [`List ${String(listId)} does not exist.`];
    }
    const known = new Set(Object.values(rows('segment')).map((s) => String(s['segment_key'])));
    for (const expression of termValues(modules, 'user', 'segment')) {
      const keys = String(expression)
        .split(/[\s()]+/)
        .filter((t) => t && !['AND', 'OR', 'NOT'].includes(t));
      const unknown = keys.filter((k) => !known.has(k));
      if (keys.length === 0 || unknown.length > 0) {
        problems['modules'] = [`Unknown segment keys in "${String(expression)}": ${unknown.join(', ')}`];
      }
    }
    return problems;
  };
  on(targetingExpressionRoutes.create, ({ body }) => {
    const problems = targetingProblems(body.modules);
    if (Object.keys(problems).length > 0) return v2.invalid(problems);
    return v2.ok(
      change((s) => {
        const id = nextId(s);
        const made = { ...body, id, ...stamp() };
        s.rows.targeting_expression[String(id)] = made;
        return made;
      }),
      201,
    );
  });
  on(targetingExpressionRoutes.list, ({ req }) => v2List('targeting_expression', req, ['alternative_id']));
  on(targetingExpressionRoutes.get, ({ params }) => {
    const found = row('targeting_expression', params['id']);
    return found ? v2.ok(found) : v2.notFound();
  });
  on(targetingExpressionRoutes.update, ({ params, body }) => {
    const id = params['id'] ?? '';
    const found = row('targeting_expression', id);
    if (!found) return v2.notFound();
    const problems = body.modules ? targetingProblems(body.modules) : {};
    if (Object.keys(problems).length > 0) return v2.invalid(problems);
    const next = { ...found, ...body, update_date: new Date(now()).toISOString() };
    change((s) => {
      s.rows.targeting_expression[id] = next;
      // The line items using it now target otherwise: their history says so from now on.
      for (const [lineItemId, lineItem] of Object.entries(s.rows.line_item)) {
        if (String(lineItem['targeting_expression_id']) === id) {
          track(s, 'line_item', Number(lineItemId), lineItemValues(s, lineItem));
        }
      }
    });
    return v2.ok(next);
  });
  on(targetingExpressionRoutes.delete, ({ params }) => {
    const id = params['id'] ?? '';
    if (!row('targeting_expression', id)) return v2.notFound();
    if ((index().users.get(id)?.size ?? 0) > 0) {
      return v2.invalid({ non_field_errors: ['Targeting expression is used by a line item.'] });
    }
    change((s) => {
      Reflect.deleteProperty(s.rows.targeting_expression, id);
    });
    return v2.noContent();
  });
}

/** Line items (v2): created inactive; switched on only with a creative linked. */
function lineItemSection(sim: Sim): void {
  const { now, change, row, nextId, track, lineItemValues, on, stamp, v2Missing, v2List, removeLineItem, index } = sim;
  on(lineItemRoutes.create, ({ body }) => {
    if (!row('campaign', body.campaign_id)) return v2Missing('campaign_id', body.campaign_id);
    if (body.targeting_expression_id !== undefined && !row('targeting_expression', body.targeting_expression_id)) {
      return v2Missing('targeting_expression_id', body.targeting_expression_id);
    }
    return v2.ok(
      change((s) => {
        const id = nextId(s);
        const made = { ...body, id, ...stamp() };
        s.rows.line_item[String(id)] = made;
        if (made.targeting_expression_id !== undefined) {
          addTo(index().users, String(made.targeting_expression_id), String(id));
        }
        track(s, 'line_item', id, lineItemValues(s, made));
        return made;
      }),
      201,
    );
  });
  on(lineItemRoutes.list, ({ req }) => v2List('line_item', req, ['campaign_id', 'alternative_id']));
  on(lineItemRoutes.get, ({ params }) => {
    const found = row('line_item', params['id']);
    return found ? v2.ok(found) : v2.notFound();
  });
  on(lineItemRoutes.update, ({ params, body }) => {
    const id = params['id'] ?? '';
    const found = row('line_item', id);
    if (!found) return v2.notFound();
    if (body.targeting_expression_id !== undefined && !row('targeting_expression', body.targeting_expression_id)) {
      return v2Missing('targeting_expression_id', body.targeting_expression_id);
    }
    if (body.active === true) {
      const served = [...(index().links.get(id) ?? [])].some((linkId) => {
        const link = row('creative_line_item', linkId);
        return link !== undefined && row('creative', link['creative_id'] as number) !== undefined;
      });
      if (!served) return v2.invalid({ active: ['A line item needs at least one creative to be active.'] });
    }
    const next = { ...found, ...body, update_date: new Date(now()).toISOString() };
    change((s) => {
      const before = s.rows.line_item[id]?.['targeting_expression_id'];
      if (before !== undefined) removeFrom(index().users, String(before), id);
      if (next['targeting_expression_id'] !== undefined) {
        addTo(index().users, String(next['targeting_expression_id']), id);
      }
      s.rows.line_item[id] = next;
      track(s, 'line_item', Number(id), lineItemValues(s, next));
    });
    return v2.ok(next);
  });
  on(lineItemRoutes.delete, ({ params }) => {
    const id = params['id'] ?? '';
    if (!row('line_item', id)) return v2.notFound();
    change((s) => removeLineItem(s, id));
    return v2.noContent();
  });
}

/** Custom lists and bulk items (0.5): duplicates ignored, domains case-insensitive. */
function listSection(sim: Sim): void {
  const { change, row, nextId, on, legacyMissing } = sim;
  const normalizeItem = (listType: unknown, item: string): string =>
    listType === 'domain' ? item.trim().toLowerCase() : item.trim();
  on(listRoutes.create, ({ body }) => {
    if (body.advertiser_id !== undefined && !row('advertiser', body.advertiser_id)) {
      return legacyMissing('Custom List', 'advertiser_id', body.advertiser_id);
    }
    const id = change((s) => {
      const made = nextId(s);
      s.rows.custom_list[String(made)] = { ...body, custom_list_id: made, item_count: 0, create_date: buzzTime() };
      s.listItems[String(made)] = {};
      return made;
    });
    return legacy.ok({ id }, 'Custom List created');
  });
  on(listRoutes.get, ({ params }) =>
    legacy.ok(row('custom_list', params['id']) ? [row('custom_list', params['id'])] : []),
  );
  on(listRoutes.delete, ({ params }) => {
    const id = params['id'] ?? '';
    if (!row('custom_list', id)) return legacy.fail(404, `Custom List ${id} not found`);
    change((s) => {
      s.rows.custom_list = omitKey(s.rows.custom_list, id);
      s.listItems = omitKey(s.listItems, id);
    });
    return legacy.ok([{ id: Number(id) }], 'Custom List deleted');
  });
  on(listRoutes.bulkItems, ({ body }) => {
    const list = row('custom_list', body.custom_list_id);
    if (!list) return legacy.fail(404, `Custom List ${body.custom_list_id} not found`);
    const result = change((s) => {
      const items = { ...(s.listItems[String(body.custom_list_id)] ?? {}) };
      let added = 0;
      let duplicates = 0;
      for (const line of body.list_items) {
        const [item = '', value = '1', name = ''] = line.split('|');
        const key = normalizeItem(list['list_type'], item);
        if (items[key]) duplicates++;
        else {
          items[key] = { value: Number(value), name };
          added++;
        }
      }
      s.listItems[String(body.custom_list_id)] = items;
      s.rows.custom_list[String(body.custom_list_id)] = { ...list, item_count: Object.keys(items).length };
      return { custom_list_id: body.custom_list_id, items_added: added, duplicates_ignored: duplicates };
    });
    return legacy.ok(result, 'List items added');
  });
  on(listRoutes.bulkDeleteItems, ({ body }) => {
    const list = row('custom_list', body.custom_list_id);
    if (!list) return legacy.fail(404, `Custom List ${body.custom_list_id} not found`);
    const result = change((s) => {
      let items = { ...(s.listItems[String(body.custom_list_id)] ?? {}) };
      let deleted = 0;
      for (const item of body.list_items) {
        const key = normalizeItem(list['list_type'], item);
        if (!items[key]) continue;
        items = omitKey(items, key);
        deleted++;
      }
      s.listItems[String(body.custom_list_id)] = items;
      s.rows.custom_list[String(body.custom_list_id)] = { ...list, item_count: Object.keys(items).length };
      return { custom_list_id: body.custom_list_id, items_deleted: deleted };
    });
    return legacy.ok(result, 'List items deleted');
  });
}

/** Image and video assets: metadata, then a multipart upload; videos transcode over status reads (0.5). */
function assetSection(sim: Sim): void {
  const { change, row, nextId, on, legacyMissing } = sim;
  const upload =
    (kind: 'creative_asset' | 'video_asset', field: string) =>
    async (input: { params: Record<string, string>; req: SimRequest }): Promise<SimReply> => {
      const id = input.params['id'] ?? '';
      const asset = row(kind, id);
      if (!asset) return legacy.fail(404, `${kind} ${id} not found`);
      const file = await fileOf(input.req, field);
      if (!file || file.size === 0) return legacy.fail(400, 'Upload failed', [`ERROR: ${field} is required`]);
      if (file.size !== asset['size_in_bytes']) {
        return legacy.fail(400, 'Upload failed', [
          `ERROR: expected ${String(asset['size_in_bytes'])} bytes, got ${file.size}`,
        ]);
      }
      const path = `https://assets.bidr.local/${BIDDER_BUZZ_KEY}/${kind}/${id}`;
      change((s) => {
        s.rows[kind][id] = {
          ...asset,
          path_to_asset: path,
          uploaded: true,
          ...(kind === 'video_asset' ? { transcoding_status: 'pending', status_reads: 0 } : {}),
        };
      });
      return legacy.ok({ id: Number(id), path_to_asset: path, size_in_bytes: file.size }, 'Asset uploaded');
    };
  const createAsset =
    (kind: 'creative_asset' | 'video_asset') =>
    (input: { body: Row }): SimReply => {
      if (!row('advertiser', input.body['advertiser_id'] as number)) {
        return legacyMissing(kind, 'advertiser_id', input.body['advertiser_id']);
      }
      const id = change((s) => {
        const made = nextId(s);
        s.rows[kind][String(made)] = {
          ...input.body,
          [`${kind}_id`]: made,
          uploaded: false,
          ...(kind === 'video_asset' ? { transcoding_status: 'pending', duration: null, status_reads: 0 } : {}),
          create_date: buzzTime(),
        };
        return made;
      });
      return legacy.ok({ id }, 'Asset created');
    };
  on(creativeRoutes.createAsset, createAsset('creative_asset'));
  on(creativeRoutes.uploadAsset, upload('creative_asset', creativeRoutes.uploadAsset.fileField ?? ''));
  on(creativeRoutes.createVideoAsset, createAsset('video_asset'));
  on(creativeRoutes.uploadVideoAsset, upload('video_asset', creativeRoutes.uploadVideoAsset.fileField ?? ''));
  on(creativeRoutes.getVideoAsset, ({ params }) => {
    const id = params['id'] ?? '';
    const asset = row('video_asset', id);
    if (!asset) return legacy.ok([]);
    // Transcoding runs in the background once the file is there: each status read moves it on.
    const next = change((s) => {
      const reads = Number(asset['status_reads'] ?? 0) + (asset['uploaded'] ? 1 : 0);
      const status = !asset['uploaded'] ? 'pending' : reads >= TRANSCODE_POLLS ? 'complete' : 'transcoding';
      const updated: Row = {
        ...asset,
        status_reads: reads,
        transcoding_status: status,
        duration: status === 'complete' ? 15 : null,
      };
      s.rows.video_asset[id] = updated;
      return updated;
    });
    const { status_reads: _reads, uploaded: _uploaded, ...shown } = next;
    return legacy.ok([shown]);
  });
}

/** Creatives, naming their uploaded (and, for videos, transcoded) assets, and their links to line items (0.5). */
function creativeSection(sim: Sim): void {
  const { change, rows, row, nextId, on, legacyMissing, index } = sim;
  on(creativeRoutes.create, ({ body }) => {
    if (!row('advertiser', body.advertiser_id)) return legacyMissing('Creative', 'advertiser_id', body.advertiser_id);
    const kind = body.creative_type === 1 ? 'video_asset' : 'creative_asset';
    for (const assetId of body.creative_assets) {
      const asset = row(kind, assetId);
      if (!asset) return legacyMissing('Creative', 'creative_assets', assetId);
      if (!asset['uploaded'])
        return legacy.fail(400, 'Unable to create Creative', [`ERROR: asset ${assetId} has no file`]);
      if (kind === 'video_asset' && asset['transcoding_status'] !== 'complete') {
        return legacy.fail(400, 'Unable to create Creative', [`ERROR: video asset ${assetId} is not transcoded yet`]);
      }
    }
    const id = change((s) => {
      const made = nextId(s);
      s.rows.creative[String(made)] = { ...body, creative_id: made, create_date: buzzTime(), update_date: buzzTime() };
      return made;
    });
    return legacy.ok({ id }, 'Creative created');
  });
  on(creativeRoutes.get, ({ params }) =>
    legacy.ok(row('creative', params['id']) ? [row('creative', params['id'])] : []),
  );
  on(creativeRoutes.update, ({ params, body }) => {
    const id = params['id'] ?? '';
    const found = row('creative', id);
    if (!found) return legacy.fail(404, `Creative ${id} not found`);
    change((s) => {
      s.rows.creative[id] = { ...found, ...body, update_date: buzzTime() };
    });
    return legacy.ok([{ id: Number(id) }], 'Creative updated');
  });
  on(creativeRoutes.delete, ({ params }) => {
    const id = params['id'] ?? '';
    if (!row('creative', id)) return legacy.fail(404, `Creative ${id} not found`);
    change((s) => {
      s.rows.creative = omitKey(s.rows.creative, id);
      // Its links go with it, as the bidder refuses links to deleted objects.
      const { links } = index();
      for (const [linkId, link] of Object.entries(s.rows.creative_line_item)) {
        if (String(link['creative_id']) !== id) continue;
        removeFrom(links, String(link['line_item_id']), linkId);
        Reflect.deleteProperty(s.rows.creative_line_item, linkId);
      }
    });
    return legacy.ok([{ id: Number(id) }], 'Creative deleted');
  });
  on(creativeRoutes.link, ({ body }) => {
    if (!row('creative', body.creative_id)) return legacyMissing('Creative Line Item', 'creative_id', body.creative_id);
    if (!row('line_item', body.line_item_id))
      return legacyMissing('Creative Line Item', 'line_item_id', body.line_item_id);
    const id = change((s) => {
      const made = nextId(s);
      s.rows.creative_line_item[String(made)] = { ...body, cli_id: made };
      addTo(index().links, String(body.line_item_id), String(made));
      return made;
    });
    return legacy.ok({ id }, 'Creative Line Item created');
  });
  on(creativeRoutes.links, ({ req }) =>
    legacy.ok(
      Object.values(rows('creative_line_item')).filter((link) =>
        ['creative_id', 'line_item_id'].every((f) => req.query.get(f) === null || String(link[f]) === req.query.get(f)),
      ),
    ),
  );
  on(creativeRoutes.unlink, ({ params }) => {
    const id = params['id'] ?? '';
    if (!row('creative_line_item', id)) return legacy.fail(404, `Creative Line Item ${id} not found`);
    change((s) => {
      const lineItemId = s.rows.creative_line_item[id]?.['line_item_id'];
      if (lineItemId !== undefined) removeFrom(index().links, String(lineItemId), id);
      Reflect.deleteProperty(s.rows.creative_line_item, id);
    });
    return legacy.ok([{ id: Number(id) }], 'Creative Line Item deleted');
  });
}

/** Segments and their uploads of `uid|segment_key` lines (0.5). */
function segmentSection(sim: Sim): void {
  const { change, rows, row, nextId, on, legacyMissing } = sim;
  on(segmentRoutes.create, ({ body }) => {
    if (!row('advertiser', body.advertiser_id)) return legacyMissing('Segment', 'advertiser_id', body.advertiser_id);
    const id = change((s) => {
      const made = nextId(s);
      s.rows.segment[String(made)] = {
        ...body,
        segment_id: made,
        segment_key: `${BIDDER_BUZZ_KEY}-${made}`,
        create_date: buzzTime(),
      };
      return made;
    });
    return legacy.ok({ id }, 'Segment created');
  });
  on(segmentRoutes.get, ({ params }) => legacy.ok(row('segment', params['id']) ? [row('segment', params['id'])] : []));
  on(segmentRoutes.delete, ({ params }) => {
    const id = params['id'] ?? '';
    const found = row('segment', id);
    if (!found) return legacy.fail(404, `Segment ${id} not found`);
    change((s) => {
      s.rows.segment = omitKey(s.rows.segment, id);
      s.members = omitKey(s.members, String(found['segment_key']));
    });
    return legacy.ok([{ id: Number(id) }], 'Segment deleted');
  });
  on(segmentRoutes.createUpload, ({ body }) => {
    const id = change((s) => {
      const made = nextId(s);
      s.rows.segment_upload[String(made)] = {
        ...body,
        segment_upload_id: made,
        upload_status: 'pending',
        lines_accepted: 0,
        lines_rejected: 0,
      };
      return made;
    });
    return legacy.ok({ id }, 'Segment Upload created');
  });
  on(segmentRoutes.uploadFile, async ({ params, req }) => {
    const id = params['id'] ?? '';
    const found = row('segment_upload', id);
    if (!found) return legacy.fail(404, `Segment Upload ${id} not found`);
    const file = await fileOf(req, segmentRoutes.uploadFile.fileField ?? '');
    if (!file) return legacy.fail(400, 'Upload failed', ['ERROR: segment_file is required']);
    const lines = (await file.text()).split('\n').filter(Boolean);
    const known = new Set(Object.values(rows('segment')).map((s) => String(s['segment_key'])));
    const accepted = lines.filter((line) => {
      const [uid = '', key = ''] = line.split('|');
      return known.has(key) && (found['user_id_type'] !== 'HEM' || HEM.test(uid));
    });
    change((s) => {
      const byKey = new Map<string, Set<string>>();
      for (const line of accepted) {
        const [uid = '', key = ''] = line.split('|');
        const set = byKey.get(key) ?? new Set(found['operation_type'] === 'REPLACE_ALL_SEGMENTS' ? [] : s.members[key]);
        set.add(uid);
        byKey.set(key, set);
      }
      for (const [key, set] of byKey) s.members[key] = [...set];
      s.rows.segment_upload[id] = {
        ...found,
        upload_status: 'processing',
        lines_accepted: accepted.length,
        lines_rejected: lines.length - accepted.length,
      };
    });
    return legacy.ok({ id: Number(id), size_in_bytes: file.size }, 'File uploaded');
  });
  on(segmentRoutes.getUpload, ({ params }) => {
    const id = params['id'] ?? '';
    const found = row('segment_upload', id);
    if (!found) return legacy.ok([]);
    if (found['upload_status'] === 'processing') {
      change((s) => {
        s.rows.segment_upload[id] = { ...found, upload_status: 'complete' };
      });
    }
    return legacy.ok([row('segment_upload', id)]);
  });
}

/** Conversion events and their tags (0.5). */
function conversionSection(sim: Sim): void {
  const { change, row, nextId, on, legacyMissing } = sim;
  on(conversionEventRoutes.create, ({ body }) => {
    if (!row('advertiser', body.advertiser_id)) return legacyMissing('Event', 'advertiser_id', body.advertiser_id);
    if (body.segment_id !== undefined && !row('segment', body.segment_id)) {
      return legacyMissing('Event', 'segment_id', body.segment_id);
    }
    const id = change((s) => {
      const made = nextId(s);
      s.rows.event[String(made)] = { ...body, event_id: made, tag_id: made, create_date: buzzTime() };
      return made;
    });
    return legacy.ok({ id }, 'Event created');
  });
  on(conversionEventRoutes.tag, ({ params }) => {
    const event = row('event', params['id']);
    if (!event) return legacy.ok([]);
    const segmentKey = event['segment_id']
      ? String(row('segment', event['segment_id'] as number)?.['segment_key'] ?? '')
      : '';
    const url =
      `https://cnv.event.prod.bidr.io/log/cnv?tag_id=${String(event['tag_id'])}&buzz_key=${BIDDER_BUZZ_KEY}` +
      `&value=[VALUE]&segment_key=${segmentKey}&order=[ORDER]&ord=[CACHEBUSTER]`;
    return legacy.ok([{ event_id: event['event_id'], tag_id: event['tag_id'], event_tag_url: url }]);
  });
  on(conversionEventRoutes.delete, ({ params }) => {
    const id = params['id'] ?? '';
    if (!row('event', id)) return legacy.fail(404, `Event ${id} not found`);
    change((s) => {
      s.rows.event = omitKey(s.rows.event, id);
    });
    return legacy.ok([{ id: Number(id) }], 'Event deleted');
  });
}

/**
 * Sign-in (v2, and the 0.5 path the vendor still answers): the API user's e-mail and password give
 * the session cookie `<buzz_key>_buzz_cookie`, for 15 minutes, or 30 days with `keep_logged_in`.
 */
function signIn(store: JsonStore<BidderState>, now: () => number) {
  return (req: SimRequest): SimReply => {
    const parsed = authenticateRoute.request.safeParse(req.json());
    if (!parsed.success) return v2.invalid(fieldErrors(parsed.error));
    const { email, password, keep_logged_in: keep } = parsed.data;
    if (email !== SIMULATOR_SECRETS.BIDDER_EMAIL || password !== SIMULATOR_SECRETS.BIDDER_PASSWORD) {
      return { status: 401, body: { detail: 'Invalid email or password.' } };
    }
    const sid = randomBytes(16).toString('hex');
    const maxAge = keep ? 30 * 86_400 : 15 * 60;
    store.update((s) => {
      // Expired sessions go as new ones come, so the state file does not grow with every sign-in.
      s.sessions = Object.fromEntries(
        Object.entries(s.sessions).filter(([, session]) => (session.expiresAt ?? 0) > now()),
      );
      s.sessions[sid] = { email, createdAt: new Date(now()).toISOString(), expiresAt: now() + maxAge * 1000 };
    });
    return {
      status: 200,
      body: { message: 'Authentication successful' },
      headers: { 'set-cookie': `${COOKIE}=${sid}; Path=/; Max-Age=${maxAge}; HttpOnly; Secure; SameSite=Lax` },
    };
  };
}
