import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advertiser as advertiserOps,
  agency as agencyOps,
  campaign as campaignOps,
  kebabName,
  operations,
  report as reportOps,
  type AnyOperation,
} from '@bidgrid/shared';
import { pngBanner } from '@bidgrid/local/seed/creative-assets';
import { accessTokenFor, callOperation } from '../support/api';
import { confirmUser, signUpUser, uniqueUserName } from '../support/cognito-local';
import { repoRoot } from '../support/spawn-stack';
import { stackInfo } from '../support/stack';
import {
  boundaryArbitrary,
  invalidArbitrary,
  sampleCases,
  validArbitrary,
  type FuzzKind,
  type ZodArbitraryOptions,
} from '../support/zod-arbitrary';
import {
  describeRefusal,
  isVendorNotFound,
  isVendorRefusal,
  markVendorReplies,
  vendorRepliesSince,
} from '../support/vendor-replies';
import { open, type TestSocket } from '../support/realtime';
import { walk, walkRecords, walkTargets, type WalkSeed } from './boundary-walk';
import { fixtureIds, makeCampaign } from './campaigns.fixtures';
import { inPool } from '../support/in-pool';

/**
 * Audit item 4: crafted input must never answer 5xx. Every implemented operation of the table gets
 * INPUTS generated from its own schemas (valid, boundary and invalid, in params, query and body) and
 * sent with a valid token; every reply must be 2xx or 4xx with the envelope `{success, payload, error}`
 * (API Gateway's own 401/403 replies aside).
 *
 * The fuzz runs as a user of an agency made for it (through the real sign-up: ticket, SignUp,
 * agency), with its own advertiser, campaign, ad group and creatives, so the writes that valid inputs
 * make (advertisers, edits, archives, deletions) never touch the demo world the other suites read.
 * Operations only the allow-listed internal users may call run as ops-admin, so their validation and
 * refusals are fuzzed too; they touch nothing but fresh sign-up tickets.
 *
 * Then the boundary walk (`boundary-walk.ts`): for each call that reaches a vendor, a request that gets
 * all the way through to the simulators, and each of its fields alone at each of its edges (max and
 * max+1, the smallest and largest numbers, formats just outside). Both fail on any 5xx, any reply
 * without the envelope, and any request of the server that a vendor refused (the simulators enforce
 * the vendors' limits and record every reply: `test/support/vendor-replies.ts`).
 *
 * Reproduce a run: FUZZ_SEED=<seed printed in the summary>; more inputs: FUZZ_INPUTS=1000. The walk is
 * deterministic. The counts go to test-results/fuzz.json (`inputs`, `serverErrors`, `vendorRefusals`,
 * and the walk's under `walk`).
 */

const INPUTS = Number(process.env['FUZZ_INPUTS'] ?? 200);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261125);
/** Requests in flight at once: enough to keep the stack busy, few enough for a 2-core machine. */
const POOL = 8;
const INTERNAL_ONLY = new Set(['createAgency', 'issueSignUpTicket', 'listSegmentsLogs']);

const hasHandler = (op: AnyOperation): boolean =>
  existsSync(join(repoRoot, 'lambdas/src/http', `${kebabName(op.name)}.handler.ts`));
/** Operations that delete or archive go last, so the others still find the fuzz world's records. */
const destructive = (op: AnyOperation): boolean => /^(delete|archive)/.test(op.name);
const implemented = [
  ...operations.filter((op) => hasHandler(op) && !destructive(op)),
  ...operations.filter((op) => hasHandler(op) && destructive(op)),
];

type Part = 'params' | 'query' | 'body';

/** One generated request. `raw` sends a body as given (its own content type) instead of the value. */
interface FuzzRequest {
  kind: FuzzKind;
  part: Part | 'all' | 'raw';
  params: unknown;
  query: unknown;
  body: unknown;
  raw?: { contentType: string; text: string };
}

interface Outcome {
  status: number;
  ok: boolean;
  request: FuzzRequest;
  reply: string;
}

const isEmptyObject = (schema: unknown): boolean => {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && Object.keys(shape).length === 0;
};

/** The parts an operation takes: path params, query, body (the table's default body is "none"). */
function partsOf(op: AnyOperation): Part[] {
  const parts: Part[] = [];
  if (/\{\w+\}/.test(op.path)) parts.push('params');
  if (!isEmptyObject(op.query)) parts.push('query');
  // The table's "no body" takes anything; a real body schema refuses a bare number.
  if (op.method !== 'GET' && !op.body.safeParse(42).success) parts.push('body');
  return parts;
}

/** Requests for one operation: valid ones, and ones with a boundary or an invalid value in one part. */
function requestArbitrary(op: AnyOperation, world: ZodArbitraryOptions): fc.Arbitrary<FuzzRequest> {
  const parts = partsOf(op);
  // URL parts stay under what servers take in a request line and never hold lone surrogates.
  const url: ZodArbitraryOptions = { ...world, maxNastyLength: 5_000, urlSafe: true };
  const body: ZodArbitraryOptions = world;
  const options = (part: Part) => (part === 'body' ? body : url);
  const valid = (part: Part) =>
    parts.includes(part) ? validArbitrary(op[part], options(part)) : fc.constant(undefined);
  const all = fc.record({ params: valid('params'), query: valid('query'), body: valid('body') });

  const variants: Array<{ arbitrary: fc.Arbitrary<FuzzRequest>; weight: number }> = [
    { arbitrary: all.map((v) => ({ kind: 'valid' as const, part: 'all' as const, ...v })), weight: 8 },
  ];
  for (const part of parts) {
    const withPart = (kind: FuzzKind, arbitrary: fc.Arbitrary<unknown>) =>
      fc.tuple(all, arbitrary).map(([v, value]) => ({ kind, part, ...v, [part]: value }));
    variants.push(
      { arbitrary: withPart('boundary', boundaryArbitrary(op[part], options(part))), weight: 5 },
      { arbitrary: withPart('invalid', invalidArbitrary(op[part], options(part))), weight: 7 },
    );
  }
  if (op.method !== 'GET') {
    // Bodies that are not what they claim: another type, broken JSON, JSON to a form upload.
    const raw = fc.constantFrom(
      { contentType: 'text/plain', text: '{"name":"plain"}' },
      { contentType: 'application/x-www-form-urlencoded', text: 'name=form' },
      { contentType: 'application/json', text: '{"name": ' },
      { contentType: 'application/json', text: 'null' },
      { contentType: 'application/json', text: '[]' },
      { contentType: 'application/json; charset=utf-16', text: '{}' },
      { contentType: 'multipart/form-data', text: 'no boundary' },
    );
    variants.push({
      arbitrary: fc.tuple(all, raw).map(([v, r]) => ({ kind: 'invalid' as const, part: 'raw' as const, ...v, raw: r })),
      weight: 1,
    });
  }
  return fc.oneof(...variants);
}

/** A value as text in a URL: strings as they are, anything else as JSON. */
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === undefined ? 'undefined' : JSON.stringify(value);

/**
 * A path segment that routes: never empty, never a dot segment. URLs resolve `.` and `..` away, and
 * their percent-encoded forms (`%2E`, `%2E%2E`) too (WHATWG URL, in the client and in the gateway),
 * so no HTTP client can send them as a value: they go with a `~` after them, still a value the
 * parameter's schema has to take or refuse.
 */
function segment(value: unknown): string {
  const text = asText(value);
  if (text === '') return '%20';
  if (text === '.' || text === '..') return `${text}~`;
  return encodeURIComponent(text);
}

function urlOf(op: AnyOperation, request: FuzzRequest): string {
  const params = request.params !== null && typeof request.params === 'object' ? request.params : {};
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    segment((params as Record<string, unknown>)[name] ?? 'missing'),
  );
  const search = new URLSearchParams();
  const query = request.query;
  if (query !== null && typeof query === 'object' && !Array.isArray(query)) {
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) search.append(name, asText(item));
      else search.append(name, asText(value));
    }
  } else if (query !== undefined) search.append('q', asText(query));
  const qs = search.toString();
  return `${stackInfo().apiUrl}${path}${qs ? `?${qs}` : ''}`;
}

/** A real 300x250 PNG (a size the upload rules take), made like the seed's banners. */
const BANNER = pngBanner(300, 250, [20, 40, 80], [200, 120, 40]);

function bodyOf(op: AnyOperation, request: FuzzRequest): { body?: BodyInit; contentType?: string } {
  if (request.raw) return { body: request.raw.text, contentType: request.raw.contentType };
  if (op.method === 'GET' || request.body === undefined) return {};
  if (op.bodyKind === 'form') {
    const form = new FormData();
    const fields =
      request.body !== null && typeof request.body === 'object' && !Array.isArray(request.body)
        ? Object.entries(request.body)
        : [['value', request.body] as const];
    for (const [name, value] of fields) if (value !== undefined) form.append(name, asText(value));
    if (request.kind !== 'invalid')
      form.append('file', new Blob([new Uint8Array(BANNER)], { type: 'image/png' }), 'fuzz.png');
    return { body: form };
  }
  return { body: JSON.stringify(request.body), contentType: 'application/json' };
}

/** API Gateway's own refusals (the authorizer's 401, a 403) carry `{message}`, not the envelope. */
function acceptable(status: number, text: string): boolean {
  if (status >= 500 || status < 200) return false;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return false;
  }
  if (body === null || typeof body !== 'object') return false;
  const record = body as Record<string, unknown>;
  if ((status === 401 || status === 403) && typeof record['message'] === 'string' && !('success' in record)) {
    return true;
  }
  return (
    typeof record['success'] === 'boolean' &&
    record['success'] === status < 300 &&
    'payload' in record &&
    (record['error'] === null || typeof record['error'] === 'string')
  );
}

async function send(op: AnyOperation, request: FuzzRequest, token: string | undefined): Promise<Outcome> {
  const { body, contentType } = bodyOf(op, request);
  const headers: Record<string, string> = {};
  if (token) headers['authorization'] = `Bearer ${token}`;
  if (contentType) headers['content-type'] = contentType;
  const res = await fetch(urlOf(op, request), { method: op.method, headers, body });
  const reply = await res.text();
  return { status: res.status, ok: acceptable(res.status, reply), request, reply: reply.slice(0, 300) };
}

/** Every number under a key starting with `beeswax` in a reply (bidder ids the fuzz may name). */
function bidderIds(value: unknown, into: Set<number> = new Set()): Set<number> {
  if (Array.isArray(value)) for (const item of value) bidderIds(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith('beeswax') && typeof item === 'number') into.add(item);
      else bidderIds(item, into);
    }
  }
  return into;
}

interface Summary {
  operation: string;
  inputs: number;
  kinds: Record<string, number>;
  statuses: Record<string, number>;
  failures: number;
  /** Requests of the server to a vendor (the simulators' records) that the vendor refused. */
  vendorRefusals: number;
  /** The first few of them: vendor, route, status, what it said. */
  refused: string[];
  /** Vendor 404s (ids looked up that the vendor does not hold): not refusals, counted for the record. */
  vendorNotFound: number;
  /** The walk's: the first requests that broke the contract (status, field = edge: reply). */
  broken?: string[];
  ms: number;
}

const summaries: Summary[] = [];
let fuzzUser = '';
let tokens: { user: string; internal: string };
let world: ZodArbitraryOptions = {};
/** What the boundary walk starts from (the fuzz world's ids), set with the world. */
let walkSeed: Omit<WalkSeed, 'sockets' | 'demoToken'> | undefined;
/** The walk's counts, per call. */
const walkSummaries: Summary[] = [];
const started = performance.now();

beforeAll(async () => {
  // The fuzz world: a user made by the real sign-up, its agency, an advertiser, a campaign.
  fuzzUser = uniqueUserName('fuzz');
  const email = `${fuzzUser}@fuzz.example`;
  const password = 'Fuzz-pass-1';
  const internal = await accessTokenFor('ops-admin');
  const ticket = await callOperation(agencyOps.issueSignUpTicket, {
    token: internal,
    body: { userName: fuzzUser, email },
  });
  const signUpTicket = ticket.body.payload?.signUpTicket ?? '';
  await signUpUser({ username: fuzzUser, email, password, signUpTicket });
  await confirmUser(fuzzUser);
  const agencyId = `bgAgency-fuzz-${randomUUID()}` as const;
  const agency = await callOperation(agencyOps.createAgency, {
    token: internal,
    body: { agencyId, name: 'Fuzz Agency', email, createdBy: fuzzUser, users: [fuzzUser], signUpTicket },
  });
  if (agency.status !== 200) throw new Error(`fuzz agency: ${agency.status} ${JSON.stringify(agency.body)}`);
  const user = await accessTokenFor(fuzzUser, password);
  tokens = { user, internal };

  const created = await callOperation(advertiserOps.createAdvertiser, {
    token: user,
    body: {
      name: 'Fuzz Advertiser',
      phone: '+1 512 555 0100',
      address_1: '1 Fuzz St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      domain: 'fuzz.example',
    },
  });
  const advertiser = created.body.payload;
  if (!advertiser) throw new Error(`fuzz advertiser: ${created.status} ${JSON.stringify(created.body)}`);
  const campaign = await makeCampaign(
    {
      agencyId,
      advertiserId: advertiser.bgAdvertiserId as `bgAdvertiser-${string}`,
      createdBy: fuzzUser,
      name: 'Fuzz campaign',
    },
    { sync: true },
  );
  const { adGroupId, creativeIds } = await fixtureIds(campaign);
  const lineItems = await callOperation(reportOps.getLineItemsReport, {
    token: user,
    query: { bgCampaignId: campaign.id, timeFrame: 'ALL_TIME' },
  });
  const stored = await callOperation(campaignOps.getCampaign, {
    token: user,
    params: { id: campaign.id },
  });
  const beeswaxCampaignId = stored.body.payload?.beeswaxCampaignId;
  walkSeed = {
    token: user,
    advertiserId: advertiser.bgAdvertiserId,
    beeswaxAdvertiserId: advertiser.beeswaxAdvertiserId,
    adGroupId,
    lineItemIds: (lineItems.body.payload?.lineItems ?? []).map((li) => li.beeswaxLineItemId),
  };
  world = {
    known: [
      agencyId,
      advertiser.bgAdvertiserId,
      campaign.id,
      adGroupId,
      ...creativeIds,
      fuzzUser,
      advertiser.beeswaxAdvertiserId,
      ...bidderIds(lineItems.body.payload),
    ],
    // What a field must be for its use case to go on past the schema.
    byKey: {
      domain: ['fuzz.example', 'https://www.fuzz.example'],
      phone: ['+1 512 555 0100', '(512) 555-0199'],
      beeswaxCampaignId: beeswaxCampaignId === undefined ? [] : [beeswaxCampaignId],
      advertiser_id: [advertiser.beeswaxAdvertiserId],
      // The uploaded banner's size and type, so valid uploads pass the dimension and size checks.
      width: [300],
      height: [250],
      size: [BANNER.length],
      mimetype: ['image/png'],
      click_url: ['https://fuzz.example/landing'],
      landingPage: ['https://fuzz.example/landing'],
      email: [email],
      billingEmail: [email],
    },
  };
}, 120_000);

afterAll(() => {
  const seconds = (performance.now() - started) / 1000;
  const total = summaries.reduce((sum, s) => sum + s.inputs, 0);
  const statuses: Record<string, number> = {};
  const kinds: Record<string, number> = {};
  for (const s of summaries) {
    for (const [status, n] of Object.entries(s.statuses)) statuses[status] = (statuses[status] ?? 0) + n;
    for (const [kind, n] of Object.entries(s.kinds)) kinds[kind] = (kinds[kind] ?? 0) + n;
  }
  const serverErrors = Object.entries(statuses)
    .filter(([status]) => Number(status) >= 500)
    .reduce((sum, [, n]) => sum + n, 0);
  const vendorRefusals = summaries.reduce((sum, s) => sum + s.vendorRefusals, 0);
  const vendorNotFound = summaries.reduce((sum, s) => sum + s.vendorNotFound, 0);
  const walkInputs = walkSummaries.reduce((sum, s) => sum + s.inputs, 0);
  const walkStatuses: Record<string, number> = {};
  for (const s of walkSummaries) {
    for (const [status, n] of Object.entries(s.statuses)) walkStatuses[status] = (walkStatuses[status] ?? 0) + n;
  }
  const walkReport = {
    calls: walkSummaries.length,
    inputs: walkInputs,
    serverErrors: Object.entries(walkStatuses)
      .filter(([status]) => Number(status) >= 500)
      .reduce((sum, [, n]) => sum + n, 0),
    failures: walkSummaries.reduce((sum, s) => sum + s.failures, 0),
    vendorRefusals: walkSummaries.reduce((sum, s) => sum + s.vendorRefusals, 0),
    vendorNotFound: walkSummaries.reduce((sum, s) => sum + s.vendorNotFound, 0),
    statuses: walkStatuses,
    summaries: walkSummaries,
  };
  const report = {
    seed: SEED,
    operations: summaries.length,
    inputs: total,
    serverErrors,
    vendorRefusals,
    vendorNotFound,
    seconds,
    statuses,
    kinds,
    summaries,
    walk: walkReport,
  };
  mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
  writeFileSync(join(repoRoot, 'test-results', 'fuzz.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `fuzz: ${summaries.length} operations x ${INPUTS} inputs = ${total} requests in ${seconds.toFixed(1)} s ` +
      `(seed ${SEED}); ${serverErrors} 5xx, ${vendorRefusals} vendor refusals (and ${vendorNotFound} vendor 404s); kinds ${JSON.stringify(kinds)}; ` +
      `statuses ${JSON.stringify(statuses)}`,
  );
  console.log(
    `boundary walk: ${walkReport.calls} calls, ${walkReport.inputs} requests; ${walkReport.serverErrors} 5xx, ` +
      `${walkReport.failures} without the envelope or 5xx, ${walkReport.vendorRefusals} vendor refusals ` +
      `(and ${walkReport.vendorNotFound} vendor 404s); statuses ${JSON.stringify(walkStatuses)}`,
  );
});

describe("the audit's crafted inputs", () => {
  it('answers 400, not 500, for a 5,000-character id', async () => {
    const reply = await callOperation(campaignOps.getCampaign, {
      token: await accessTokenFor('demo'),
      params: { id: `bg-campaign-${'9'.repeat(5_000)}` },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fieldErrors ?? {})).toEqual(['id']);
  });

  it('answers 400, not 500, for the date 0000-01-01', async () => {
    const reply = await callOperation(campaignOps.getCampaignDailyReport, {
      token: await accessTokenFor('demo'),
      // {id} is the advertiser here (000 §7: the CUSTOM_DATE twin of allbyadvertiser).
      params: { id: 'bgAdvertiser-demo-acme' },
      query: { date: '0000-01-01' },
    });
    expect(reply.status).toBe(400);
    expect(Object.keys(reply.body.fieldErrors ?? {})).toEqual(['date']);
  });
});

describe('the boundary walk: every field at its edges, all the way through to the vendors', () => {
  const sockets: { user?: TestSocket; demo?: TestSocket } = {};
  let targets: ReturnType<typeof walkTargets> = [];

  beforeAll(async () => {
    if (!walkSeed) throw new Error('the fuzz world was not made');
    sockets.user = await open(walkSeed.token);
    sockets.demo = await open(await accessTokenFor('demo'));
    const seed: WalkSeed = {
      ...walkSeed,
      demoToken: await accessTokenFor('demo'),
      sockets: { user: sockets.user, demo: sockets.demo },
    };
    targets = walkTargets(seed, await walkRecords(seed));
  }, 180_000);

  afterAll(async () => {
    await sockets.user?.close();
    await sockets.demo?.close();
  });

  it('walks the calls that reach a vendor', () => {
    expect(targets.map((target) => target.name)).toContain('createCampaign');
    expect(targets.length).toBeGreaterThanOrEqual(20);
  });

  // The targets are known only once the world is made: one test walks them all, reporting each.
  it('answers every boundary request 2xx/4xx with the envelope, and no vendor refuses a request of the server', async () => {
    const broken: unknown[] = [];
    for (const target of targets) {
      // Prepare
      const began = performance.now();
      const mark = markVendorReplies();

      // Act
      const outcomes = await walk(target);

      // Assess
      const vendorReplies = vendorRepliesSince(mark);
      const refusals = vendorReplies.filter(isVendorRefusal);
      const statuses: Record<string, number> = {};
      for (const o of outcomes) statuses[o.status] = (statuses[o.status] ?? 0) + 1;
      const failures = outcomes.filter((o) => !acceptable(o.status, o.text));
      walkSummaries.push({
        operation: target.name,
        inputs: outcomes.length,
        kinds: { boundary: outcomes.length },
        statuses,
        failures: failures.length,
        vendorRefusals: refusals.length,
        refused: refusals.slice(0, 3).map(describeRefusal),
        vendorNotFound: vendorReplies.filter(isVendorNotFound).length,
        broken: failures.slice(0, 10).map((f) => `${f.status} ${f.path} = ${f.edge}: ${f.text.slice(0, 160)}`),
        ms: Math.round(performance.now() - began),
      });
      broken.push(
        ...failures.slice(0, 3).map((f) => ({
          call: target.name,
          status: f.status,
          field: f.path,
          edge: f.edge,
          reply: f.text.slice(0, 200),
        })),
        ...refusals.slice(0, 3).map((r) => ({ call: target.name, refused: describeRefusal(r) })),
      );
    }
    expect(walkSummaries.reduce((sum, s) => sum + s.inputs, 0)).toBeGreaterThan(1000);
    expect(broken, 'boundary requests that broke the contract or that a vendor refused').toEqual([]);
  }, 1_800_000);
});

describe('fuzzing every implemented operation from its schemas', () => {
  it('covers every operation that has a handler file', () => {
    expect(implemented.length).toBeGreaterThanOrEqual(45);
    expect(INPUTS).toBeGreaterThanOrEqual(200);
  });

  it.each(implemented.map((op, index) => [op.name, op, index] as const))(
    '%s answers 2xx/4xx with the envelope, never 5xx',
    async (_name, op, index) => {
      // Prepare
      const began = performance.now();
      const requests = sampleCases(requestArbitrary(op, world), INPUTS, SEED + index);
      const token = op.auth === 'user' ? (INTERNAL_ONLY.has(op.name) ? tokens.internal : tokens.user) : undefined;

      // Act
      const mark = markVendorReplies();
      const outcomes = await inPool(
        requests.map((request) => () => send(op, request, token)),
        POOL,
      );
      const vendorReplies = vendorRepliesSince(mark);
      const refusals = vendorReplies.filter(isVendorRefusal);

      // Assess
      const statuses: Record<string, number> = {};
      const kinds: Record<string, number> = {};
      for (const o of outcomes) {
        statuses[o.status] = (statuses[o.status] ?? 0) + 1;
        kinds[o.request.kind] = (kinds[o.request.kind] ?? 0) + 1;
      }
      const failures = outcomes.filter((o) => !o.ok);
      summaries.push({
        operation: op.name,
        inputs: outcomes.length,
        kinds,
        statuses,
        failures: failures.length,
        vendorRefusals: refusals.length,
        refused: refusals.slice(0, 3).map(describeRefusal),
        vendorNotFound: vendorReplies.filter(isVendorNotFound).length,
        ms: performance.now() - began,
      });
      expect(outcomes).toHaveLength(INPUTS);
      expect(
        failures.slice(0, 5).map((f) => ({
          status: f.status,
          reply: f.reply,
          url: urlOf(op, f.request).replace(stackInfo().apiUrl, '').slice(0, 300),
          part: f.request.part,
          kind: f.request.kind,
          body: JSON.stringify(f.request.raw ?? f.request.body)?.slice(0, 300),
        })),
        `${failures.length} of ${outcomes.length} inputs broke the contract`,
      ).toEqual([]);
      expect(
        refusals.slice(0, 5).map(describeRefusal),
        `${refusals.length} requests of the server were refused by a vendor`,
      ).toEqual([]);
    },
    180_000,
  );
});
