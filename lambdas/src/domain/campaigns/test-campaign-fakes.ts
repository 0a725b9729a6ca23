import type { TTargetingSelections } from '@bidgrid/shared/entities/targeting.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { emptyCounts } from '@bidgrid/shared/metrics/counts.schema';
import type { BidderCampaigns } from '../../adapters/bidder/bidder-client';
import type { CampaignRepository, TSyncCandidate } from '../../adapters/repositories/campaign.repository';
import type {
  ReportRepository,
  TCampaignSyncState,
  TJobCursor,
  TRollup,
  TStoredDailyRow,
} from '../../adapters/repositories/report.repository';
import type { TCampaignRecord, TLineItemRecord } from './campaign-records.schema';

/**
 * In-memory stand-ins of the campaign, report and bidder ports for use-case tests: the same
 * contracts (versions checked on replace, puts keyed by partition and day) without DynamoDB.
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
    async replaceCampaign(next) {
      const key = `${next.agencyId}|${next.bgCampaignId}`;
      if (byId.get(key)?.version !== next.version - 1) return null;
      byId.set(key, next);
      return next;
    },
    async putNewCampaign(campaign, lis, selections) {
      const key = `${campaign.agencyId}|${campaign.bgCampaignId}`;
      if (byId.has(key)) return false;
      byId.set(key, campaign);
      for (const li of lis) items.set(`${li.beeswaxLineItemId}`, li);
      targeting.set(key, selections);
      return true;
    },
    async listLineItems(agencyId, campaignId) {
      return [...items.values()].filter((li) => li.bgCampaignId === campaignId && agencyOf(li) === agencyId);
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
  return { repo, byId, items };
}

/** An in-memory reports table. */
export function memoryReports() {
  const rows = new Map<string, Map<string, TStoredDailyRow>>();
  const rollups = new Map<string, TRollup>();
  const syncs = new Map<string, TCampaignSyncState>();
  let cursor: TJobCursor = { resumeAfter: null, lastCompletedAt: null, lastRunAt: null };
  let puts = 0;
  const repo: ReportRepository = {
    async listDailyRows(pk, from, to) {
      return [...(rows.get(pk)?.values() ?? [])]
        .filter((r) => (from === null || r.date >= from) && (to === null || r.date <= to))
        .sort((a, b) => a.date.localeCompare(b.date));
    },
    async getDailyRowsOfDay(pks, day) {
      const found = new Map<string, TStoredDailyRow>();
      for (const pk of pks) {
        const row = rows.get(pk)?.get(day);
        if (row) found.set(pk, row);
      }
      return found;
    },
    async putDailyRows(writes) {
      for (const w of writes) {
        puts++;
        const partition = rows.get(w.pk) ?? new Map<string, TStoredDailyRow>();
        partition.set(w.date, { ...w.counts, date: w.date });
        rows.set(w.pk, partition);
      }
    },
    async listRollups(pk, timeFrame) {
      return new Map(
        [...rollups.entries()]
          .filter(([key]) => key.startsWith(`${pk}|RANGE#${timeFrame}#`))
          .map(([key, value]) => [key.slice(pk.length + 1), value]),
      );
    },
    async putRollups(writes) {
      for (const w of writes) rollups.set(`${w.pk}|${w.sk}`, w.rollup);
    },
    async getCampaignSync(agencyId, campaignId) {
      return syncs.get(`${agencyId}|${campaignId}`) ?? null;
    },
    async putCampaignSync(agencyId, campaignId, state) {
      syncs.set(`${agencyId}|${campaignId}`, state);
    },
    async getJobCursor() {
      return cursor;
    },
    async putJobCursor(next) {
      cursor = next;
    },
  };
  return {
    repo,
    rows,
    rollups,
    syncs,
    puts: () => puts,
    cursor: () => cursor,
    /** Stores a daily row directly (a test's "what the sync wrote before"). */
    seed(pk: string, date: string, counts: Partial<TMetricCounts>) {
      const partition = rows.get(pk) ?? new Map<string, TStoredDailyRow>();
      partition.set(date, { ...emptyCounts(), ...counts, date });
      rows.set(pk, partition);
    },
  };
}

/** A bidder that records calls and can be told to fail. */
export function recordingBidder() {
  const calls: Array<{ op: string; id: number; fields: unknown }> = [];
  let failOn: string | null = null;
  const record =
    (op: string) =>
    async (id: number, fields: unknown): Promise<void> => {
      calls.push({ op, id, fields });
      if (failOn === op) throw new Error(`bidder ${op} failed`);
    };
  const bidder: Pick<BidderCampaigns, 'updateCampaign' | 'updateLineItem' | 'updateCreative' | 'deleteCreative'> = {
    updateCampaign: record('updateCampaign'),
    updateLineItem: record('updateLineItem'),
    updateCreative: record('updateCreative'),
    deleteCreative: (id) => record('deleteCreative')(id, undefined),
  };
  return {
    bidder,
    calls,
    failOn: (op: string | null) => {
      failOn = op;
    },
  };
}
