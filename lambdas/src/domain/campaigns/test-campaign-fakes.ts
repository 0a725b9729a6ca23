import type { TCampaignActivity } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { emptyCounts } from '@bidgrid/shared/metrics/counts.schema';
import { memoryAdvertisers, memoryLogger, memoryPage } from '../test-fakes';
import type { AdGroupRepository, TPendingUpload } from '../ports/ad-group.port';
import type { BidderCampaigns, BidderCreationLookup } from '../ports/bidder.port';
import type {
  CampaignCreationRepository,
  TCampaignCreatedEvent,
  TCreationJournal,
  TStagedChunk,
} from '../ports/campaign-creation.port';
import type { CampaignRepository, TSyncCandidate } from '../ports/campaign.port';
import type { CreativeStorage } from '../ports/creative-storage.port';
import { reportSubjectKey } from '../ports/report.port';
import type { ReportRepository, TReportSubject, TRollupGroup, TStoredRollup } from '../ports/report.port';
import type { TCampaignSyncState, TStoredDailyRow } from '../reports/report-records.schema';
import type { TAdGroupRecord, TCampaignRecord, TCreativeRecord, TLineItemRecord } from './campaign-records.schema';
import type { CreateCampaignDeps } from './create-campaign.use-case';

/**
 * In-memory stand-ins of the campaign, report and bidder ports for use-case tests: the same
 * contracts (versions checked on replace, puts keyed by subject and day) without DynamoDB.
 */

/** A campaign of the demo agency; override what a test varies. */
export function campaignFixture(overrides: Partial<TCampaignRecord> = {}): TCampaignRecord {
  return {
    bgCampaignId: 'bg-campaign-q3',
    beeswaxCampaignId: 70,
    bgAdvertiserId: 'bgAdvertiser-acme',
    agencyId: 'bgAgency-demo',
    name: 'Q3 ABM',
    description: '',
    active: true,
    archived: false,
    start_date: '2026-11-01',
    end_date: '2026-12-31',
    daily_budget: 100,
    campaign_budget: 6000,
    maxBid: 10,
    maxCompanies: null,
    showInHubspot: false,
    isVideoCampaign: false,
    accounts: 2,
    pixel_event_id: 'px-1',
    conversion_tag_url: null,
    createdBy: 'demo',
    createdAt: '2026-10-28T10:00:00.000Z',
    version: 0,
    ...overrides,
  };
}

/** A line item of `campaignFixture`. */
export function lineItemFixture(overrides: Partial<TLineItemRecord> = {}): TLineItemRecord {
  return {
    beeswaxLineItemId: 71,
    bgCampaignId: 'bg-campaign-q3',
    bgAdvertiserId: 'bgAdvertiser-acme',
    line_item_name: 'Initech',
    active: true,
    hubspotCompanyId: null,
    fromFile: true,
    domain: 'initech.example',
    line_item_budget: 3000,
    line_item_spend: 0,
    segmentCount: 2,
    version: 0,
    ...overrides,
  };
}

/** An in-memory campaign repository (one agency or many: keys carry the agency). */
export function memoryCampaigns(campaigns: TCampaignRecord[] = [], lineItems: TLineItemRecord[] = []) {
  const byId = new Map(campaigns.map((c) => [`${c.agencyId}|${c.bgCampaignId}`, c]));
  const items = new Map(lineItems.map((li) => [`${li.beeswaxLineItemId}`, li]));
  const agencyOf = (li: TLineItemRecord) =>
    [...byId.values()].find((c) => c.bgCampaignId === li.bgCampaignId)?.agencyId;
  const targeting = new Map<string, TTargetingSelections>();
  const revisions = new Map<string, number>();
  const activity: TCampaignActivity[] = [];
  /** Campaign id -> the agency that reserved it (a stored campaign reserves its id too). */
  const reserved = new Map<string, string>();
  const reservedBy = (campaignId: string): string | undefined =>
    reserved.get(campaignId) ?? [...byId.values()].find((c) => c.bgCampaignId === campaignId)?.agencyId;
  const repo: CampaignRepository = {
    async getCampaign(agencyId, campaignId) {
      return byId.get(`${agencyId}|${campaignId}`) ?? null;
    },
    async getCampaignSummary(agencyId, campaignId) {
      const c = byId.get(`${agencyId}|${campaignId}`);
      return c
        ? { bgCampaignId: c.bgCampaignId, bgAdvertiserId: c.bgAdvertiserId, isVideoCampaign: c.isVideoCampaign }
        : null;
    },
    async listCampaigns(agencyId, advertiserId) {
      return [...byId.values()].filter((c) => c.agencyId === agencyId && c.bgAdvertiserId === advertiserId);
    },
    async listCampaignsPage(agencyId, advertiserId, page) {
      return memoryPage(await repo.listCampaigns(agencyId, advertiserId), page, `campaigns/${advertiserId}`);
    },
    async replaceCampaign(next) {
      const key = `${next.agencyId}|${next.bgCampaignId}`;
      if (byId.get(key)?.version !== next.version - 1) return null;
      byId.set(key, next);
      return next;
    },
    async reserveCampaignId(agencyId, campaignId) {
      const holder = reservedBy(campaignId);
      if (holder !== undefined && holder !== agencyId) return false;
      reserved.set(campaignId, agencyId);
      return true;
    },
    async putNewCampaign(campaign, lis, selections) {
      const key = `${campaign.agencyId}|${campaign.bgCampaignId}`;
      const holder = reservedBy(campaign.bgCampaignId);
      if (byId.has(key) || (holder !== undefined && holder !== campaign.agencyId)) return false;
      reserved.set(campaign.bgCampaignId, campaign.agencyId);
      byId.set(key, campaign);
      for (const li of lis) items.set(`${li.beeswaxLineItemId}`, li);
      targeting.set(key, selections);
      return true;
    },
    async listLineItems(agencyId, campaignId) {
      return [...items.values()].filter((li) => li.bgCampaignId === campaignId && agencyOf(li) === agencyId);
    },
    async listLineItemsPage(agencyId, campaignId, page) {
      return memoryPage(await repo.listLineItems(agencyId, campaignId), page, `lineItems/${campaignId}`);
    },
    async getLineItemByBidderId(agencyId, id) {
      const li = items.get(`${id}`);
      return li && agencyOf(li) === agencyId ? li : null;
    },
    async replaceLineItem(agencyId, next) {
      const current = items.get(`${next.beeswaxLineItemId}`);
      if (!current || agencyOf(current) !== agencyId || current.version !== next.version - 1) return null;
      items.set(`${next.beeswaxLineItemId}`, next);
      return next;
    },
    async getTargeting(agencyId, campaignId) {
      return targeting.get(`${agencyId}|${campaignId}`) ?? null;
    },
    async getTargetingState(agencyId, campaignId) {
      const key = `${agencyId}|${campaignId}`;
      const selections = targeting.get(key);
      return selections ? { targeting: selections, revision: revisions.get(key) ?? 0 } : null;
    },
    async commitTargetingChange(agencyId, commit) {
      const key = `${agencyId}|${commit.campaign.bgCampaignId}`;
      if (byId.get(key)?.version !== commit.campaign.version - 1) return false;
      if ((revisions.get(key) ?? 0) !== commit.revision - 1) return false;
      byId.set(key, commit.campaign);
      targeting.set(key, commit.targeting);
      revisions.set(key, commit.revision);
      for (const li of commit.removeLineItems) items.delete(`${li.beeswaxLineItemId}`);
      for (const li of commit.addLineItems) items.set(`${li.beeswaxLineItemId}`, li);
      activity.unshift(commit.activity);
      return true;
    },
    async listActivityPage(agencyId, campaignId, page) {
      const mine = activity.filter((a) => a.bgCampaignId === campaignId && byId.has(`${agencyId}|${campaignId}`));
      return memoryPage(mine, page, `activity/${campaignId}`);
    },
    async listSyncCandidates(endOnOrAfter, after) {
      const candidates: TSyncCandidate[] = [...byId.values()].map((c) => ({
        agencyId: c.agencyId,
        bgAdvertiserId: c.bgAdvertiserId,
        bgCampaignId: c.bgCampaignId,
        position: `${c.end_date}#${c.agencyId}#${c.bgCampaignId}`,
      }));
      const from = after !== undefined && after > endOnOrAfter ? after : endOnOrAfter;
      return candidates.filter((c) => c.position > from).sort((a, b) => a.position.localeCompare(b.position));
    },
  };
  return { repo, byId, items, targeting, revisions, activity };
}

/** The image ad group of the demo campaign; override what a test varies. */
export function adGroupFixture(overrides: Partial<TAdGroupRecord> = {}): TAdGroupRecord {
  return {
    adGroupId: 'bg-ad-group-1',
    bgAdvertiserId: 'bgAdvertiser-acme',
    bgCampaignId: 'bg-campaign-q3',
    createdBy: 'demo',
    name: 'Banners',
    description: '',
    adGroupType: 'image',
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An active banner of the demo campaign; override what a test varies. */
export function creativeFixture(overrides: Partial<TCreativeRecord> = {}): TCreativeRecord {
  return {
    bgCreativeId: 'bgCreative-1',
    beeswaxCreativeId: 901,
    adGroupId: 'bg-ad-group-1',
    bgAdvertiserId: 'bgAdvertiser-acme',
    bgCampaignId: 'bg-campaign-q3',
    name: 'Banner',
    description: '',
    height: 250,
    width: 300,
    creativeType: 'image/png',
    duration: null,
    size: 1000,
    createdAt: '2026-11-01T10:00:00.000Z',
    click_url: 'https://acme.example',
    assetKey: 'creatives/bgAgency-demo/bgCreative-1/banner.png',
    active: true,
    version: 0,
    ...overrides,
  };
}

/** An in-memory ad-group repository (one agency) with the real one's version checks. */
export function memoryAdGroups(adGroups: TAdGroupRecord[] = [], creatives: TCreativeRecord[] = []) {
  const groups = new Map<string, TAdGroupRecord>(adGroups.map((g) => [g.adGroupId, g]));
  const items = new Map<string, TCreativeRecord>(creatives.map((c) => [c.bgCreativeId, c]));
  const uploads = new Map<string, TPendingUpload>();
  const repo: AdGroupRepository = {
    getAdGroup: async (_a, id) => groups.get(id) ?? null,
    listAdGroups: async (_a, campaignId, page) =>
      memoryPage(
        [...groups.values()].filter((g) => g.bgCampaignId === campaignId),
        page,
        `adGroups/${campaignId}`,
      ),
    putNewAdGroup: async (_a, g) => (groups.has(g.adGroupId) ? false : (groups.set(g.adGroupId, g), true)),
    deleteAdGroup: async (_a, g) => groups.delete(g.adGroupId),
    getCreative: async (_a, id) => items.get(id) ?? null,
    listCreatives: async (_a, _c, adGroupId) => [...items.values()].filter((c) => c.adGroupId === adGroupId),
    listCreativesPage: async (_a, _c, adGroupId, page) =>
      memoryPage(
        [...items.values()].filter((c) => c.adGroupId === adGroupId),
        page,
        `creatives/${adGroupId}`,
      ),
    listCampaignCreatives: async (_a, campaignId) => [...items.values()].filter((c) => c.bgCampaignId === campaignId),
    async putNewCreative(_a, c) {
      if (!groups.has(c.adGroupId)) return 'no-ad-group';
      if (items.has(c.bgCreativeId)) return 'exists';
      items.set(c.bgCreativeId, c);
      return 'ok';
    },
    async replaceCreatives(_a, next) {
      if (next.some((c) => items.get(c.bgCreativeId)?.version !== c.version - 1)) return 'conflict';
      for (const c of next) items.set(c.bgCreativeId, c);
      return 'ok';
    },
    async deleteCreative(_a, c) {
      if (items.get(c.bgCreativeId)?.version !== c.version) return 'conflict';
      items.delete(c.bgCreativeId);
      return 'ok';
    },
    putUpload: async (_a, u) => void uploads.set(u.key, u),
    getUpload: async (_a, key) => uploads.get(key) ?? null,
  };
  return { repo, groups, items, uploads };
}

/** The URL prefix of the fake bucket. */
export const MEMORY_BUCKET_URL = 'http://s3.test/bucket/';

/** An in-memory creative bucket: objects with their bytes and type, presigned URLs that say what they sign. */
export function memoryStorage() {
  const objects = new Map<string, { data: Uint8Array; type: string }>();
  const storage: CreativeStorage = {
    presignGet: async (key, options = {}) =>
      `${MEMORY_BUCKET_URL}${key}?sig=1${options.contentType ? `&type=${encodeURIComponent(options.contentType)}` : ''}`,
    presignPut: async (key, contentType) => ({
      url: `${MEMORY_BUCKET_URL}${key}?put=1`,
      headers: { 'Content-Type': contentType },
    }),
    head: async (key) => {
      const o = objects.get(key);
      return o ? { size: o.data.length, contentType: o.type } : null;
    },
    readRange: async (key, offset, length) =>
      objects.get(key)?.data.slice(offset, offset + length) ?? new Uint8Array(0),
    copy: async (from, to, type) => {
      const source = objects.get(from);
      if (!source) throw new Error(`no object ${from}`);
      objects.set(to, { data: source.data, type });
    },
    put: async (key, data, type) => void objects.set(key, { data, type }),
    remove: async (key) => void objects.delete(key),
    urlOf: (key) => `${MEMORY_BUCKET_URL}${key}`,
    keyFromUrl: (url) =>
      url.startsWith(MEMORY_BUCKET_URL) ? (url.slice(MEMORY_BUCKET_URL.length).split('?')[0] ?? null) : null,
  };
  return { storage, objects };
}

/** One name per rollup group, for the fake's maps. */
const groupKey = (group: TRollupGroup): string =>
  group.kind === 'advertiser'
    ? `${group.agencyId}/advertiser/${group.advertiserId}`
    : `${group.agencyId}/campaign/${group.campaignId}`;

/** An in-memory reports store. */
export function memoryReports() {
  /** Daily rows by subject key, then day. */
  const rows = new Map<string, Map<string, TStoredDailyRow>>();
  /** Rollups by group key, then time frame and subject key. */
  const rollups = new Map<string, Map<string, TStoredRollup>>();
  const syncs = new Map<string, TCampaignSyncState>();
  let puts = 0;
  const repo: ReportRepository = {
    async listDailyRows(subject, from, to) {
      return [...(rows.get(reportSubjectKey(subject))?.values() ?? [])]
        .filter((r) => (from === null || r.date >= from) && (to === null || r.date <= to))
        .sort((a, b) => a.date.localeCompare(b.date));
    },
    async getDailyRowsOfDay(subjects, day) {
      return subjects.map((subject) => rows.get(reportSubjectKey(subject))?.get(day) ?? null);
    },
    async putDailyRows(writes) {
      for (const w of writes) {
        puts++;
        const key = reportSubjectKey(w.subject);
        const partition = rows.get(key) ?? new Map<string, TStoredDailyRow>();
        partition.set(w.date, { ...w.counts, date: w.date });
        rows.set(key, partition);
      }
    },
    async listRollups(group, timeFrame) {
      return [...(rollups.get(groupKey(group))?.entries() ?? [])]
        .filter(([key]) => key.startsWith(`${timeFrame}|`))
        .map(([, stored]) => stored);
    },
    async getRollups(group, timeFrame, subjects) {
      const wanted = new Set(subjects.map((subject) => `${timeFrame}|${reportSubjectKey(subject)}`));
      return [...(rollups.get(groupKey(group))?.entries() ?? [])]
        .filter(([key]) => wanted.has(key))
        .map(([, stored]) => stored);
    },
    async putRollups(writes) {
      for (const w of writes) {
        const group = rollups.get(groupKey(w.group)) ?? new Map<string, TStoredRollup>();
        group.set(`${w.rollup.timeFrame}|${reportSubjectKey(w.subject)}`, { subject: w.subject, rollup: w.rollup });
        rollups.set(groupKey(w.group), group);
      }
    },
    async getCampaignSync(agencyId, campaignId) {
      return syncs.get(`${agencyId}|${campaignId}`) ?? null;
    },
    async putCampaignSync(agencyId, campaignId, state) {
      syncs.set(`${agencyId}|${campaignId}`, state);
    },
    async getCampaignsSyncedAt(agencyId, campaignIds) {
      const found = new Map<string, string>();
      for (const id of campaignIds) {
        const state = syncs.get(`${agencyId}|${id}`);
        if (state) found.set(id, state.syncedAt);
      }
      return found;
    },
  };
  return {
    repo,
    syncs,
    puts: () => puts,
    /** The stored daily rows of a subject, by day. */
    rowsOf: (subject: TReportSubject): ReadonlyMap<string, TStoredDailyRow> =>
      rows.get(reportSubjectKey(subject)) ?? new Map(),
    /** How many rollups a group holds, all time frames. */
    rollupCount: (group: TRollupGroup): number => rollups.get(groupKey(group))?.size ?? 0,
    /** Stores a daily row directly (a test's "what the sync wrote before"). */
    seed(subject: TReportSubject, date: string, counts: Partial<TMetricCounts>) {
      const key = reportSubjectKey(subject);
      const partition = rows.get(key) ?? new Map<string, TStoredDailyRow>();
      partition.set(date, { ...emptyCounts(), ...counts, date });
      rows.set(key, partition);
    },
  };
}

/**
 * A bidder that records calls, keeps what it was told (so a test can ask what it holds now), and can
 * be told to fail. `seed` sets what it holds before the test.
 */
export function recordingBidder() {
  const calls: Array<{ op: string; id: number; fields: unknown }> = [];
  const held = {
    campaign: new Map<number, Record<string, unknown>>(),
    lineItem: new Map<number, Record<string, unknown>>(),
    creative: new Map<number, Record<string, unknown>>(),
  };
  const deleted = new Set<number>();
  let failOn: string | null = null;
  const record =
    (op: string, kind: keyof typeof held) =>
    async (id: number, fields: object): Promise<void> => {
      calls.push({ op, id, fields });
      if (failOn === op) throw new Error(`bidder ${op} failed`);
      held[kind].set(id, { ...held[kind].get(id), ...fields });
    };
  const bidder: Pick<BidderCampaigns, 'updateCampaign' | 'updateLineItem' | 'updateCreative' | 'deleteCreative'> = {
    updateCampaign: record('updateCampaign', 'campaign'),
    updateLineItem: record('updateLineItem', 'lineItem'),
    updateCreative: record('updateCreative', 'creative'),
    async deleteCreative(id) {
      calls.push({ op: 'deleteCreative', id, fields: undefined });
      if (failOn === 'deleteCreative') throw new Error('bidder deleteCreative failed');
      deleted.add(id);
      held.creative.delete(id);
    },
  };
  return {
    bidder,
    calls,
    /** What the bidder holds of an entity now (the fields it was seeded with or told). */
    holds: (kind: keyof typeof held, id: number): Record<string, unknown> | undefined => held[kind].get(id),
    /** Whether the bidder deleted a creative. */
    deleted: (id: number): boolean => deleted.has(id),
    seed(kind: keyof typeof held, id: number, fields: Record<string, unknown>) {
      held[kind].set(id, { ...fields });
    },
    failOn: (op: string | null) => {
      failOn = op;
    },
  };
}

/** A bidder call `memoryCreationBidder` can be told to fail: the op, and which call of it (1 = the first). */
export interface TBidderFailure {
  op: 'createCampaign' | 'createConversionEvent' | 'createLineItem' | 'linkCreative' | 'updateLineItem';
  nth?: number;
  /** The call is done, and then fails as if its reply was lost (a timeout after the bidder did it). */
  lostReply?: boolean;
}

/**
 * An in-memory bidder for campaign creation: what it holds now (campaigns, conversion events, line
 * items with their links and whether they are on), every call in order, the most calls it had in
 * flight at once (each call yields to the event loop, so concurrency shows), and a failure on demand.
 */
export function memoryCreationBidder(failure?: TBidderFailure) {
  const holds = {
    campaigns: new Set<number>(),
    events: new Set<number>(),
    lineItems: new Map<
      number,
      { name: string; ourId: string; active: boolean; creatives: number[]; ipRanges: string[]; campaignId: number }
    >(),
    /** Each campaign's advertiser and our id (`alternative_id`), for the recovery's look-ups. */
    campaignOf: new Map<number, { advertiserId: number; ourId: string }>(),
  };
  const calls: Array<{ op: string; input: unknown }> = [];
  const counts = new Map<string, number>();
  let next = 100;
  let inFlight = 0;
  let maxInFlight = 0;
  const call = async <T>(op: string, input: unknown, work: () => T): Promise<T> => {
    calls.push({ op, input });
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const n = (counts.get(op) ?? 0) + 1;
      counts.set(op, n);
      if (failure?.op === op && (failure.nth ?? 1) === n) {
        if (failure.lostReply) work();
        throw new Error(`bidder ${failure.lostReply ? 'lost the reply of' : 'refused'} ${op} #${n}`);
      }
      return work();
    } finally {
      inFlight--;
    }
  };
  const bidder: CreateCampaignDeps['bidder'] & BidderCreationLookup = {
    createCampaign: (input) =>
      call('createCampaign', input, () => {
        holds.campaigns.add(++next);
        holds.campaignOf.set(next, { advertiserId: input.advertiserId, ourId: input.ourId });
        return next;
      }),
    findCampaignIds: (advertiserId, ourId) =>
      call('findCampaignIds', { advertiserId, ourId }, () =>
        [...holds.campaigns].filter((id) => {
          const of = holds.campaignOf.get(id);
          return of?.advertiserId === advertiserId && of.ourId === ourId;
        }),
      ),
    listLineItemIds: (campaignId) =>
      call('listLineItemIds', campaignId, () =>
        [...holds.lineItems].filter(([, li]) => li.campaignId === campaignId).map(([id]) => id),
      ),
    deleteCampaign: (id) => call('deleteCampaign', id, () => void holds.campaigns.delete(id)),
    createConversionEvent: (input) =>
      call('createConversionEvent', input, () => {
        holds.events.add(++next);
        return { id: next, tagUrl: `https://cnv.event.prod.bidr.io/log/cnv?tag_id=${next}&buzz_key=k&value=[VALUE]` };
      }),
    deleteConversionEvent: (id) => call('deleteConversionEvent', id, () => void holds.events.delete(id)),
    createLineItem: (input) =>
      call('createLineItem', input, () => {
        holds.lineItems.set(++next, {
          name: input.name,
          ourId: input.ourId,
          active: false,
          creatives: [],
          ipRanges: input.targeting.ipRanges ?? [],
          campaignId: input.campaignId,
        });
        return next;
      }),
    deleteLineItem: (id) => call('deleteLineItem', id, () => void holds.lineItems.delete(id)),
    linkCreative: (creativeId, lineItemId) =>
      call('linkCreative', { creativeId, lineItemId }, () => {
        holds.lineItems.get(lineItemId)?.creatives.push(creativeId);
        return ++next;
      }),
    updateLineItem: (id, change) =>
      call('updateLineItem', { id, change }, () => {
        const held = holds.lineItems.get(id);
        if (held && change.active !== undefined) held.active = change.active;
      }),
  };
  return {
    bidder,
    holds,
    calls,
    /** The most calls that were in flight at once. */
    maxInFlight: () => maxInFlight,
    /** Whether the bidder holds nothing at all. */
    empty: () => holds.campaigns.size === 0 && holds.events.size === 0 && holds.lineItems.size === 0,
  };
}

/** An in-memory creation store (claims with leases, kept chunks) with the real one's conditions. */
export function memoryCampaignCreation() {
  const claims = new Map<
    string,
    { owner: string; leaseUntil: number; agencyId: string; bgCampaignId: string } & TCreationJournal
  >();
  const chunks = new Map<string, Map<number, TStagedChunk>>();
  const created = new Map<string, TCampaignCreatedEvent>();
  /** Line items a crashed creation stored without its campaign, by `agency|campaign` (tests set them). */
  const unstoredLineItems = new Map<string, number>();
  const repo: CampaignCreationRepository = {
    async claim(agencyId, campaignId, owner, lease) {
      const key = `${agencyId}|${campaignId}`;
      const held = claims.get(key);
      if (held && held.leaseUntil >= lease.nowMs && held.owner !== owner) return null;
      claims.set(key, {
        owner,
        agencyId,
        bgCampaignId: campaignId,
        leaseUntil: lease.leaseUntilMs,
        beeswaxAdvertiserId: lease.beeswaxAdvertiserId,
      });
      if (!held || held.owner === owner) return { interrupted: null };
      const { owner: _owner, leaseUntil: _lease, agencyId: _agency, bgCampaignId: _campaign, ...journal } = held;
      return { interrupted: journal };
    },
    async journal(agencyId, campaignId, owner, update) {
      const held = claims.get(`${agencyId}|${campaignId}`);
      if (held?.owner !== owner) return false;
      held.leaseUntil = update.leaseUntilMs;
      if (update.beeswaxCampaignId !== undefined) held.beeswaxCampaignId = update.beeswaxCampaignId;
      if (update.conversionEventId !== undefined) held.conversionEventId = update.conversionEventId;
      if (update.layersMade !== undefined) held.layersMade = update.layersMade;
      return true;
    },
    listStale: async (nowMs) =>
      [...claims.values()]
        .filter((c) => c.leaseUntil < nowMs)
        .map((c) => ({
          agencyId: c.agencyId,
          bgCampaignId: c.bgCampaignId,
          leaseUntilMs: c.leaseUntil,
          beeswaxAdvertiserId: c.beeswaxAdvertiserId,
        })),
    async removeUnstoredLineItems(agencyId, campaignId) {
      const key = `${agencyId}|${campaignId}`;
      const kept = unstoredLineItems.get(key) ?? 0;
      unstoredLineItems.delete(key);
      return kept;
    },
    async release(agencyId, campaignId, owner) {
      const key = `${agencyId}|${campaignId}`;
      if (claims.get(key)?.owner === owner) claims.delete(key);
    },
    async putChunk(agencyId, callKey, chunk) {
      const key = `${agencyId}|${callKey}`;
      const kept = chunks.get(key) ?? new Map<number, TStagedChunk>();
      kept.set(chunk.index, chunk);
      chunks.set(key, kept);
    },
    listChunks: async (agencyId, callKey) =>
      [...(chunks.get(`${agencyId}|${callKey}`)?.values() ?? [])].sort((a, b) => a.index - b.index),
    async deleteChunks(agencyId, callKey, indices) {
      for (const index of indices) chunks.get(`${agencyId}|${callKey}`)?.delete(index);
    },
    async recordCreated(agencyId, event) {
      const key = `${agencyId}|${event.bgCampaignId}`;
      if (created.has(key)) return false;
      created.set(key, event);
      return true;
    },
    getCreated: async (agencyId, campaignId) => created.get(`${agencyId}|${campaignId}`) ?? null,
  };
  return { repo, claims, chunks, created, unstoredLineItems };
}

/**
 * The ports of the creative calls on memory fakes, at `now`: these ad groups and creatives, the
 * demo campaign with these line items, the demo advertisers, a memory bucket, and a recording bidder
 * whose new creatives get `newCreativeId` (noted in `created`) and whose links are noted in `links`.
 */
export function memoryCreativeWorld(input: {
  adGroups: TAdGroupRecord[];
  creatives: TCreativeRecord[];
  lineItems: TLineItemRecord[];
  now: Date;
  newCreativeId?: number;
}) {
  const adGroups = memoryAdGroups(input.adGroups, input.creatives);
  const campaigns = memoryCampaigns([campaignFixture()], input.lineItems);
  const bidder = recordingBidder();
  const created: number[] = [];
  const links: Array<[number, number]> = [];
  const { storage, objects } = memoryStorage();
  const newCreativeId = input.newCreativeId ?? 950;
  const deps = {
    adGroups: adGroups.repo,
    campaigns: campaigns.repo,
    advertisers: memoryAdvertisers().repo,
    bidder: {
      ...bidder.bidder,
      createCreative: async () => {
        created.push(newCreativeId);
        return newCreativeId;
      },
      linkCreative: async (creative: number, lineItem: number) => {
        links.push([creative, lineItem]);
        return links.length;
      },
    },
    storage,
    now: () => input.now,
    log: memoryLogger(),
  };
  return { adGroups, campaigns, bidder, created, links, objects, deps };
}
