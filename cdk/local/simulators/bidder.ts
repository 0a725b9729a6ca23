import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { SIMULATOR_SECRETS } from '../gateway/lambda-env';
import { JsonStore, omitKey } from '../support/json-store';
import type { Logger } from '../support/logger';
import type { HistoryEntry } from './bidder-delivery';
import { createReportingRoutes, type ReportSource } from './bidder-reports';
import { createSimulatorServer, type SimReply, type SimRequest, type SimRoute } from './simulator-server';

/** The bidder's entities (Beeswax Buzz API names) with their id field and required fields. */
export const BIDDER_ENTITIES = {
  advertiser: { idField: 'advertiser_id', label: 'Advertiser', required: ['advertiser_name'], parents: [] },
  campaign: {
    idField: 'campaign_id',
    label: 'Campaign',
    required: ['advertiser_id', 'campaign_name'],
    parents: [['advertiser_id', 'advertiser']],
  },
  line_item: {
    idField: 'line_item_id',
    label: 'Line Item',
    required: ['campaign_id', 'advertiser_id', 'line_item_name'],
    parents: [
      ['campaign_id', 'campaign'],
      ['advertiser_id', 'advertiser'],
    ],
  },
  creative: {
    idField: 'creative_id',
    label: 'Creative',
    required: ['advertiser_id', 'creative_name'],
    parents: [['advertiser_id', 'advertiser']],
  },
  creative_line_item: {
    idField: 'cli_id',
    label: 'Creative Line Item',
    required: ['creative_id', 'line_item_id'],
    parents: [
      ['creative_id', 'creative'],
      ['line_item_id', 'line_item'],
    ],
  },
  custom_list: { idField: 'custom_list_id', label: 'Custom List', required: ['list_name'], parents: [] },
  segment: { idField: 'segment_id', label: 'Segment', required: ['segment_name'], parents: [] },
} as const satisfies Record<
  string,
  { idField: string; label: string; required: readonly string[]; parents: ReadonlyArray<readonly [string, string]> }
>;

export type BidderEntity = keyof typeof BIDDER_ENTITIES;
type Row = Record<string, unknown>;

interface BidderState {
  nextId: number;
  rows: Record<BidderEntity, Record<string, Row>>;
  sessions: Record<string, { email: string; createdAt: string }>;
  /**
   * Settings over time of the entities that deliver (`campaign:12`, `line_item:40`): delivery of a
   * past day follows the settings of that day, so a change today leaves last month's report alone.
   * The first entry (`at: null`) is the state the entity was created in, taken as always true.
   */
  history: Record<string, HistoryEntry[]>;
}

/** Entities whose settings history the delivery reads. */
const TRACKED: ReadonlySet<BidderEntity> = new Set(['campaign', 'line_item']);
const historyKey = (entity: BidderEntity, id: string | number): string => `${entity}:${id}`;

const emptyState = (): BidderState => ({
  nextId: 1,
  rows: {
    advertiser: {},
    campaign: {},
    line_item: {},
    creative: {},
    creative_line_item: {},
    custom_list: {},
    segment: {},
  },
  sessions: {},
  history: {},
});

/** The account key segment keys are built from (Beeswax: `{buzz_key}-{id}`). */
const BUZZ_KEY = 'bidgridlocal';
const SESSION_COOKIE = 'PHPSESSID';

/** Beeswax's date-time format: `2026-11-25 14:03:00`. */
const buzzTime = (d = new Date()): string => d.toISOString().slice(0, 19).replace('T', ' ');

const ok = (payload: unknown, message?: string, status = 200): SimReply => ({
  status,
  body: { success: true, ...(message ? { message } : {}), payload },
});
const fail = (status: number, message: string, errors: string[] = [`ERROR: ${message}`]): SimReply => ({
  status,
  body: { success: false, message, errors },
});

const isEntity = (name: string): name is BidderEntity => Object.hasOwn(BIDDER_ENTITIES, name);

/** Values compare as strings (query strings carry strings, JSON bodies numbers). */
const same = (a: unknown, b: unknown): boolean => String(a) === String(b);

function sessionOf(req: SimRequest): string | undefined {
  const cookie = req.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(cookie);
  return match?.[1];
}

/** The campaigns, line items and active creative links of the stored entities, as the report reads them. */
function reportSourceOf(data: BidderState): ReportSource {
  const lineItems = new Map<number, number[]>();
  for (const li of Object.values(data.rows.line_item)) {
    const campaignId = Number(li['campaign_id']);
    const list = lineItems.get(campaignId) ?? [];
    list.push(Number(li['line_item_id']));
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
    campaignId: Number(c['campaign_id']),
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
 * The bidder (Beeswax Buzz API style): `POST /rest/authenticate` with `{email, password}` sets a
 * session cookie; `/rest/{entity}` and `/rest/{entity}/{id}` give CRUD over advertisers, campaigns,
 * line items, creatives, creative-line-item links, custom lists and segments, answering Beeswax
 * envelopes `{success, message?, payload}` (create: `payload: {id}`; read: `payload: [rows]`;
 * errors: `{success: false, message, errors: ['ERROR: ...']}`). Later features add delivery data.
 */
export function createBidderSimulator(options: { stateFile?: string; logger: Logger }): {
  server: Server;
  store: JsonStore<BidderState>;
} {
  const store = new JsonStore<BidderState>(options.stateFile, emptyState);
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

  const requireSession = (req: SimRequest): SimReply | undefined => {
    const sid = sessionOf(req);
    return sid && store.data.sessions[sid] ? undefined : fail(401, 'Authentication failed');
  };

  const filtersOf = (req: SimRequest): Record<string, unknown> => {
    // Beeswax reads filters from the query string or, on GET, from a JSON body.
    const filters: Record<string, unknown> = { ...req.json() };
    for (const [k, v] of req.query) filters[k] = v;
    return filters;
  };

  const read = (entity: BidderEntity, filters: Record<string, unknown>): SimReply => {
    const rows = Object.values(store.data.rows[entity]);
    const { rows: rowsParam, offset: offsetParam, ...criteria } = filters;
    const matching = rows.filter((row) => Object.entries(criteria).every(([k, v]) => same(row[k], v)));
    const offset = Number(offsetParam ?? 0) || 0;
    const limit = Number(rowsParam ?? 50) || 50;
    return ok(matching.slice(offset, offset + limit));
  };

  const create = (entity: BidderEntity, input: Row): SimReply => {
    const def = BIDDER_ENTITIES[entity];
    const missing = def.required.filter((f) => input[f] === undefined || input[f] === null || input[f] === '');
    if (missing.length > 0) {
      return fail(
        400,
        `Unable to create ${def.label}`,
        missing.map((f) => `ERROR: ${f} is required`),
      );
    }
    for (const [field, parent] of def.parents) {
      if (!store.data.rows[parent as BidderEntity][String(input[field])]) {
        return fail(400, `Unable to create ${def.label}`, [`ERROR: ${field} ${String(input[field])} does not exist`]);
      }
    }
    const id = change((s) => {
      const next = s.nextId++;
      const now = buzzTime();
      const row: Row = {
        active: false,
        ...input,
        [def.idField]: next,
        account_id: 1,
        create_date: now,
        update_date: now,
        ...(entity === 'segment' ? { segment_key: `${BUZZ_KEY}-${next}` } : {}),
      };
      s.rows[entity][String(next)] = row;
      if (TRACKED.has(entity)) s.history[historyKey(entity, next)] = [{ at: null, values: row }];
      return next;
    });
    return ok({ id }, `${def.label} created`);
  };

  const idFrom = (entity: BidderEntity, req: SimRequest): string | undefined => {
    const fromPath = req.params.id;
    if (fromPath) return fromPath;
    const value = req.json()[BIDDER_ENTITIES[entity].idField];
    return value === undefined ? undefined : String(value);
  };

  const update = (entity: BidderEntity, id: string, input: Row): SimReply => {
    const def = BIDDER_ENTITIES[entity];
    if (!store.data.rows[entity][id]) return fail(404, `${def.label} ${id} not found`);
    change((s) => {
      const row = s.rows[entity][id] as Row;
      // The id and bookkeeping fields are the bidder's; everything else may change.
      const { [def.idField]: _id, account_id: _a, create_date: _c, ...changes } = input;
      const next = { ...row, ...changes, update_date: buzzTime() };
      s.rows[entity][id] = next;
      if (TRACKED.has(entity)) {
        const key = historyKey(entity, id);
        s.history[key] = [
          ...(s.history[key] ?? [{ at: null, values: row }]),
          { at: new Date().toISOString(), values: next },
        ];
      }
    });
    return ok([{ id: Number(id) }], `${def.label} updated`);
  };

  const remove = (entity: BidderEntity, id: string): SimReply => {
    const def = BIDDER_ENTITIES[entity];
    if (!store.data.rows[entity][id]) return fail(404, `${def.label} ${id} not found`);
    change((s) => {
      s.rows[entity] = omitKey(s.rows[entity], id);
      s.history = omitKey(s.history, historyKey(entity, id));
      // A creative or line item takes its links along, as Beeswax refuses links to deleted objects.
      if (entity === 'creative' || entity === 'line_item') {
        const field = BIDDER_ENTITIES[entity].idField;
        s.rows.creative_line_item = Object.fromEntries(
          Object.entries(s.rows.creative_line_item).filter(([, link]) => !same(link[field], id)),
        );
      }
    });
    return ok([{ id: Number(id) }], `${def.label} deleted`);
  };

  /** Wraps a CRUD handler with the entity and session checks. */
  const crud =
    (run: (entity: BidderEntity, req: SimRequest) => SimReply) =>
    (req: SimRequest): SimReply => {
      const entity = req.params.entity ?? '';
      if (!isEntity(entity)) return fail(404, `Unknown object ${entity}`);
      return requireSession(req) ?? run(entity, req);
    };

  const routes: SimRoute[] = [
    ...reporting.routes,
    {
      method: 'POST',
      pattern: '/rest/authenticate',
      handle: (req) => {
        const { email, password } = req.json();
        if (email !== SIMULATOR_SECRETS.BIDDER_EMAIL || password !== SIMULATOR_SECRETS.BIDDER_PASSWORD) {
          return fail(401, 'Authentication failed');
        }
        const sid = randomBytes(16).toString('hex');
        store.update((s) => {
          s.sessions[sid] = { email: String(email), createdAt: new Date().toISOString() };
        });
        return {
          ...ok([], 'Authentication successful'),
          headers: { 'set-cookie': `${SESSION_COOKIE}=${sid}; Path=/; HttpOnly` },
        };
      },
    },
    { method: 'GET', pattern: '/rest/:entity', handle: crud((e, req) => read(e, filtersOf(req))) },
    {
      method: 'GET',
      pattern: '/rest/:entity/:id',
      handle: crud((e, req) => read(e, { [BIDDER_ENTITIES[e].idField]: req.params.id })),
    },
    { method: 'POST', pattern: '/rest/:entity', handle: crud((e, req) => create(e, req.json())) },
    {
      method: 'PUT',
      pattern: '/rest/:entity',
      handle: crud((e, req) => {
        const id = idFrom(e, req);
        return id ? update(e, id, req.json()) : fail(400, `${BIDDER_ENTITIES[e].idField} is required`);
      }),
    },
    {
      method: 'PUT',
      pattern: '/rest/:entity/:id',
      handle: crud((e, req) => update(e, req.params.id ?? '', req.json())),
    },
    {
      method: 'DELETE',
      pattern: '/rest/:entity',
      handle: crud((e, req) => {
        const id = idFrom(e, req);
        return id ? remove(e, id) : fail(400, `${BIDDER_ENTITIES[e].idField} is required`);
      }),
    },
    { method: 'DELETE', pattern: '/rest/:entity/:id', handle: crud((e, req) => remove(e, req.params.id ?? '')) },
  ];
  return { server: createSimulatorServer('bidder', routes, options.logger), store };
}
