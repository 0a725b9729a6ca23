import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZCampaignTargetingChange } from '@bidgrid/shared/targeting/campaign-targeting-request.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import type { BidderCampaigns, TBidderLineItemChange, TBidderTargeting } from '../ports/bidder.port';
import {
  cardRecordFixture,
  fakeCompanyMatcher,
  memoryAdvertisers,
  memoryLogger,
  memoryLookupCache,
} from '../test-fakes';
import {
  changeCampaignTargeting,
  getCampaignTargetingEdit,
  layerDiffs,
  listCampaignActivity,
  TARGETING_CHANGE_MESSAGES,
} from './change-campaign-targeting.use-case';
import type { ChangeTargetingDeps } from './change-campaign-targeting.use-case';
import { CAMPAIGN_MESSAGES } from './campaign-access';
import { UNAVAILABLE_LAYERS } from './targeting-layers';
import type { LayerUndo, TargetingLayer, TargetingLayers, TargetingLayerUndos } from './targeting-layers';
import {
  campaignFixture,
  creativeFixture,
  lineItemFixture,
  memoryAdGroups,
  memoryCampaigns,
} from './test-campaign-fakes';

const AGENCY = 'bgAgency-demo';
const CAMPAIGN = 'bg-campaign-q3';
const NOW = new Date('2026-11-26T10:00:00.000Z');
const TEXAS = { country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' } as const;
const ONTARIO = { country_code_3: 'CAN', region_name: 'Ontario', key: 'CA-ON' } as const;

type TFault = { op: 'createLineItem' | 'updateLineItem' | 'linkCreative'; nth: number };

/** A bidder holding line items (targeting, budgets, on/off, creatives), failing on demand. */
function fakeBidder(fault?: TFault) {
  const lineItems = new Map<
    number,
    { targeting: TBidderTargeting; active: boolean; creatives: number[]; dailyBudget?: number; name?: string }
  >();
  const counts = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let next = 500;
  const call = async <T>(op: string, work: () => T): Promise<T> => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise<void>((resolve) => setImmediate(resolve));
      const n = (counts.get(op) ?? 0) + 1;
      counts.set(op, n);
      if (fault?.op === op && fault.nth === n) throw new Error(`bidder refused ${op} #${n}`);
      return work();
    } finally {
      inFlight--;
    }
  };
  const bidder: Pick<BidderCampaigns, 'createLineItem' | 'updateLineItem' | 'deleteLineItem' | 'linkCreative'> = {
    createLineItem: (input) =>
      call('createLineItem', () => {
        lineItems.set(++next, {
          targeting: input.targeting,
          active: false,
          creatives: [],
          dailyBudget: input.dailyBudget,
          name: input.name,
        });
        return next;
      }),
    updateLineItem: (id, change: TBidderLineItemChange) =>
      call('updateLineItem', () => {
        const held = lineItems.get(id);
        if (!held) throw new Error(`no line item ${id}`);
        if (change.targeting) held.targeting = change.targeting;
        if (change.active !== undefined) held.active = change.active;
        if (change.dailyBudget !== undefined) held.dailyBudget = change.dailyBudget;
      }),
    deleteLineItem: (id) => call('deleteLineItem', () => void lineItems.delete(id)),
    linkCreative: (creativeId, lineItemId) =>
      call('linkCreative', () => {
        lineItems.get(lineItemId)?.creatives.push(creativeId);
        return ++next;
      }),
  };
  return { bidder, lineItems, maxInFlight: () => maxInFlight };
}

const { matcher } = fakeCompanyMatcher({
  'hooli.example': { outcome: 'matched', companyName: 'Hooli', ranges: ['10.9.0.0/24'] },
  'initech.example': { outcome: 'matched', companyName: 'Initech', ranges: ['10.1.0.0/24'] },
});

/**
 * The demo campaign: two companies (Initech, Globex) at the bidder with Texas as their geography,
 * one active banner; override what a test varies.
 */
function world(
  options: {
    fault?: TFault;
    layers?: Partial<TargetingLayers>;
    layerUndos?: TargetingLayerUndos;
    campaign?: Parameters<typeof campaignFixture>[0];
    extraLineItems?: number;
  } = {},
) {
  const extra = Array.from({ length: options.extraLineItems ?? 0 }, (_, i) =>
    lineItemFixture({
      beeswaxLineItemId: 1000 + i,
      line_item_name: `Company ${i}`,
      domain: `company${i}.example`,
      ipRanges: [`10.200.${i % 250}.0/24`],
    }),
  );
  const lineItems = [
    lineItemFixture({
      beeswaxLineItemId: 71,
      line_item_name: 'Initech',
      domain: 'initech.example',
      ipRanges: ['10.1.0.0/24'],
    }),
    lineItemFixture({
      beeswaxLineItemId: 72,
      line_item_name: 'Globex',
      domain: 'globex.example',
      ipRanges: ['10.2.0.0/24'],
    }),
    ...extra,
  ];
  const campaigns = memoryCampaigns([campaignFixture({ accounts: lineItems.length, ...options.campaign })], lineItems);
  campaigns.targeting.set(
    `${AGENCY}|${CAMPAIGN}`,
    ZTargetingSelections.parse({ geo_country: ['USA'], geo_state: [TEXAS] }),
  );
  const bidder = fakeBidder(options.fault);
  for (const li of lineItems) {
    bidder.lineItems.set(li.beeswaxLineItemId, {
      targeting: { countries: ['USA'], regions: [{ country: 'USA', region: 'TX' }], ipRanges: li.ipRanges ?? [] },
      active: true,
      creatives: [901],
      dailyBudget: Math.round((100 / lineItems.length) * 100) / 100,
    });
  }
  const adGroups = memoryAdGroups([], [creativeFixture({ beeswaxCreativeId: 901 })]);
  const segments: string[] = [];
  const log = memoryLogger();
  const deps: ChangeTargetingDeps = {
    campaigns: campaigns.repo,
    advertisers: memoryAdvertisers([cardRecordFixture()]).repo,
    adGroups: adGroups.repo,
    bidder: bidder.bidder,
    layers: { ...UNAVAILABLE_LAYERS, ...options.layers },
    layerUndos: options.layerUndos ?? {},
    matching: {
      lookupCache: memoryLookupCache(),
      matcher,
      segmentsLog: {
        runDate: async (_key, now) => now.toISOString(),
        putEntries: async (entries) => void segments.push(...entries.map((e) => e.subdomain)),
      },
      now: () => NOW,
    },
    now: () => NOW,
    log,
  };
  return { deps, campaigns, bidder, segments, log };
}

const change = (fields: Partial<Parameters<typeof ZCampaignTargetingChange.parse>[0]> = {}) =>
  ZCampaignTargetingChange.parse({ bgCampaignId: CAMPAIGN, revision: 0, ...fields });
const layers = (targeting: Partial<TTargetingSelections>) => ({ targetingInfo: ZTargetingSelections.parse(targeting) });
const input = (c: ReturnType<typeof change>, username = 'demo') => ({
  agencyId: AGENCY,
  username,
  change: c,
  runKey: 'run-1',
});

describe('changeCampaignTargeting', () => {
  it('adds a matched company: a line item with the shared targeting and its ranges, the creative linked, switched on, stored with an activity entry', async () => {
    // Prepare
    const { deps, campaigns, bidder, segments } = world();

    // Act
    const result = await changeCampaignTargeting(
      input(change({ addDomains: ['hooli.example', 'nobody.example'] })),
      deps,
    );

    // Assess
    expect(result.changed).toBe(true);
    expect(result.revision).toBe(1);
    expect(result.added).toEqual([expect.objectContaining({ name: 'Hooli', domain: 'hooli.example' })]);
    // Explained in full (the only reason the user gets), not left at the match's interim no-ranges.
    expect(result.notAdded).toEqual([
      { domain: 'nobody.example', reason: 'No company with IP ranges of its own was found for nobody.example.' },
    ]);
    const id = result.added[0]?.beeswaxLineItemId as number;
    expect(bidder.lineItems.get(id)).toEqual(
      expect.objectContaining({
        active: true,
        creatives: [901],
        targeting: { countries: ['USA'], regions: [{ country: 'USA', region: 'TX' }], ipRanges: ['10.9.0.0/24'] },
      }),
    );
    expect(campaigns.items.get(String(id))).toEqual(
      expect.objectContaining({ domain: 'hooli.example', ipRanges: ['10.9.0.0/24'] }),
    );
    expect(campaigns.byId.get(`${AGENCY}|${CAMPAIGN}`)).toEqual(expect.objectContaining({ accounts: 3, version: 1 }));
    expect(segments).toEqual(['hooli.example']);
    const activity = await listCampaignActivity(
      { agencyId: AGENCY, campaignId: CAMPAIGN, page: { limit: 10, cursor: null } },
      deps,
    );
    expect(activity.payload).toEqual([
      expect.objectContaining({
        username: 'demo',
        revision: 1,
        addedCompanies: [{ domain: 'hooli.example', name: 'Hooli' }],
        removedCompanies: [],
        layers: [],
      }),
    ]);
    // The budget is shared by three line items now: the kept ones get their new share too.
    expect(bidder.lineItems.get(71)?.dailyBudget).toBe(33.33);
  });

  it('changes the states and ZIPs of every line item, keeping each company its ranges, and records what changed', async () => {
    // Prepare
    const { deps, bidder, campaigns } = world();

    // Act
    const result = await changeCampaignTargeting(
      input(change({ layers: layers({ geo_state: [ONTARIO], geo_zip: [' 10001 ', '10001'] }) })),
      deps,
    );

    // Assess
    expect(result.lineItemsUpdated).toBe(2);
    expect(bidder.lineItems.get(72)?.targeting).toEqual({
      countries: ['CAN'],
      regions: [{ country: 'CAN', region: 'ON' }],
      zips: [{ country: 'USA', zip: '10001' }],
      ipRanges: ['10.2.0.0/24'],
    });
    expect(campaigns.targeting.get(`${AGENCY}|${CAMPAIGN}`)).toEqual(
      expect.objectContaining({ geo_country: ['CAN'], geo_state: [ONTARIO], geo_zip: ['10001'] }),
    );
    expect(campaigns.activity[0]?.layers).toEqual([
      { layer: 'geo_state', added: ['Ontario (CAN)'], removed: ['Texas (USA)'] },
      { layer: 'geo_zip', added: ['10001'], removed: [] },
    ]);
  });

  it('keeps sending what layers made for the campaign (its CRM e-mail audience) when layers change', async () => {
    // Prepare: the creation had made a CRM e-mail segment.
    const made = { audiences: [['crm-emails-key']] };
    const { deps, bidder, campaigns } = world({ campaign: { madeTargeting: made } });

    // Act
    await changeCampaignTargeting(input(change({ layers: layers({ geo_state: [ONTARIO] }) })), deps);

    // Assess: every line item still has them; the campaign keeps them for the next change.
    for (const id of [71, 72]) expect(bidder.lineItems.get(id)?.targeting).toMatchObject(made);
    expect((await campaigns.repo.getCampaign(AGENCY, CAMPAIGN))?.madeTargeting).toEqual(made);
  });

  it('removes a company: switched off, then deleted at the bidder, gone from the store', async () => {
    // Prepare
    const { deps, bidder, campaigns } = world();

    // Act
    const result = await changeCampaignTargeting(input(change({ removeLineItemIds: [72] })), deps);

    // Assess
    expect(result.removed).toEqual([{ beeswaxLineItemId: 72, name: 'Globex', domain: 'globex.example' }]);
    expect(bidder.lineItems.has(72)).toBe(false);
    expect(campaigns.items.has('72')).toBe(false);
    expect(campaigns.byId.get(`${AGENCY}|${CAMPAIGN}`)?.accounts).toBe(1);
    expect(campaigns.activity[0]?.removedCompanies).toEqual([{ domain: 'globex.example', name: 'Globex' }]);
  });

  it('refuses a change planned on an older revision, and a second editor loses nothing', async () => {
    // Prepare
    const { deps, campaigns } = world();
    await changeCampaignTargeting(input(change({ layers: layers({ geo_state: [ONTARIO] }) }), 'alice'), deps);

    // Act
    const stale = changeCampaignTargeting(input(change({ layers: layers({ geo_zip: ['10001'] }) }), 'bob'), deps);

    // Assess
    await expect(stale).rejects.toMatchObject({ userMessage: TARGETING_CHANGE_MESSAGES.changedMeanwhile });
    expect(campaigns.targeting.get(`${AGENCY}|${CAMPAIGN}`)?.geo_state).toEqual([ONTARIO]);
    expect(campaigns.activity.map((a) => a.username)).toEqual(['alice']);
  });

  it('undoes everything at the bidder when a call fails part-way, and stores nothing', async () => {
    // Prepare: the third targeting update fails, after a line item was made and one removed switched off.
    const { deps, bidder, campaigns } = world({ fault: { op: 'updateLineItem', nth: 4 }, extraLineItems: 3 });
    const before = structuredClone([...bidder.lineItems.entries()]);

    // Act
    const result = changeCampaignTargeting(
      input(
        change({ addDomains: ['hooli.example'], removeLineItemIds: [1000], layers: layers({ geo_state: [ONTARIO] }) }),
      ),
      deps,
    );

    // Assess
    await expect(result).rejects.toThrow('bidder refused updateLineItem #4');
    expect([...bidder.lineItems.entries()]).toEqual(before);
    expect(campaigns.items.size).toBe(5);
    expect(campaigns.revisions.size).toBe(0);
    expect(campaigns.activity).toEqual([]);
  });

  it('undoes the bidder when the store refuses (a concurrent change won) and leaves the winner in place', async () => {
    // Prepare
    const { deps, bidder, campaigns } = world();
    const commit = deps.campaigns.commitTargetingChange;
    deps.campaigns.commitTargetingChange = async (agencyId, c) => {
      // Another editor stores Ontario first.
      await commit(agencyId, {
        ...c,
        targeting: ZTargetingSelections.parse({ geo_country: ['CAN'], geo_state: [ONTARIO] }),
        addLineItems: [],
      });
      return commit(agencyId, c);
    };

    // Act
    const result = changeCampaignTargeting(
      input(change({ addDomains: ['hooli.example'], layers: layers({ geo_zip: ['10001'] }) })),
      deps,
    );

    // Assess
    await expect(result).rejects.toMatchObject({ userMessage: TARGETING_CHANGE_MESSAGES.changedMeanwhile });
    expect(bidder.lineItems.size).toBe(2);
    expect(bidder.lineItems.get(71)?.targeting).toEqual({
      countries: ['CAN'],
      regions: [{ country: 'CAN', region: 'ON' }],
      ipRanges: ['10.1.0.0/24'],
    });
    expect(campaigns.targeting.get(`${AGENCY}|${CAMPAIGN}`)?.geo_zip).toEqual([]);
  });

  it('keeps maxCompanies', async () => {
    // Prepare
    const { deps, bidder } = world({ campaign: { maxCompanies: 2 } });

    // Act
    const result = changeCampaignTargeting(input(change({ addDomains: ['hooli.example'] })), deps);

    // Assess
    await expect(result).rejects.toBeInstanceOf(BadRequestError);
    await expect(result).rejects.toMatchObject({
      fieldErrors: { addDomains: ['This campaign can target at most 2 companies.'] },
    });
    expect(bidder.lineItems.size).toBe(2);
  });

  it('refuses a campaign past the 175-day limit', async () => {
    // Prepare
    const { deps } = world({ campaign: { end_date: '2026-01-01' } });

    // Act
    const result = changeCampaignTargeting(input(change({ layers: layers({ geo_zip: ['10001'] }) })), deps);

    // Assess
    await expect(result).rejects.toMatchObject({ userMessage: CAMPAIGN_MESSAGES.readOnly });
  });

  it("answers 404 for another agency's campaign and for a line item that is not this campaign's", async () => {
    // Prepare
    const { deps } = world();

    // Act
    const otherAgency = changeCampaignTargeting({ ...input(change()), agencyId: 'bgAgency-rival' }, deps);
    const otherLineItem = changeCampaignTargeting(input(change({ removeLineItemIds: [999] })), deps);

    // Assess
    await expect(otherAgency).rejects.toBeInstanceOf(NotFoundError);
    await expect(otherLineItem).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses removing the last company and adding to a campaign without a company layer', async () => {
    // Prepare
    const { deps } = world();
    const noCompanies = world();
    noCompanies.campaigns.items.clear();
    noCompanies.campaigns.items.set(
      '80',
      lineItemFixture({ beeswaxLineItemId: 80, domain: null, line_item_name: 'All' }),
    );

    // Act
    const last = changeCampaignTargeting(input(change({ removeLineItemIds: [71, 72] })), deps);
    const noLayer = changeCampaignTargeting(input(change({ addDomains: ['hooli.example'] })), noCompanies.deps);

    // Assess
    await expect(last).rejects.toMatchObject({
      fieldErrors: { removeLineItemIds: ['Please, include at least one matched company.'] },
    });
    await expect(noLayer).rejects.toMatchObject({
      fieldErrors: { addDomains: [TARGETING_CHANGE_MESSAGES.noCompanyLayer] },
    });
  });

  it('skips a company already in the campaign and stores nothing when nothing changes', async () => {
    // Prepare
    const { deps, campaigns } = world();

    // Act
    const result = await changeCampaignTargeting(input(change({ addDomains: ['initech.example'] })), deps);

    // Assess
    expect(result).toEqual(
      expect.objectContaining({
        changed: false,
        revision: 0,
        notAdded: [{ domain: 'initech.example', reason: TARGETING_CHANGE_MESSAGES.alreadyIn }],
      }),
    );
    expect(campaigns.activity).toEqual([]);
  });

  it('asks the other layers through the seam: their field errors come back, their targeting reaches every line item', async () => {
    // Prepare
    const refusing = world();
    const resolving = world({
      layers: {
        roleTitles: async (r) => ({
          targeting: { audiences: [r.targeting.role_title_segments.map((s) => s.segment_key)] },
        }),
      },
    });
    const roles = layers({ geo_state: [TEXAS], role_title_segments: [{ role_name: 'CFO', segment_key: 'seg-cfo' }] });

    // Act
    const refused = await changeCampaignTargeting(input(change({ layers: roles })), refusing.deps).catch(
      (error: unknown) => error,
    );
    await changeCampaignTargeting(input(change({ layers: roles })), resolving.deps);

    // Assess
    expect(refused).toMatchObject({
      fieldErrors: { 'targetingInfo.role_title_segments': [expect.any(String)] },
    });
    expect(resolving.bidder.lineItems.get(71)?.targeting.audiences).toEqual([['seg-cfo']]);
  });

  it('re-targets many line items with bounded concurrency and progress', async () => {
    // Prepare
    const { deps, bidder } = world({ extraLineItems: 200 });
    const progress: Array<[number, number]> = [];

    // Act
    await changeCampaignTargeting(
      { ...input(change({ layers: layers({ geo_zip: ['10001'] }) })), progress: (d, t) => progress.push([d, t]) },
      deps,
    );

    // Assess
    expect(bidder.maxInFlight()).toBeLessThanOrEqual(16);
    expect(progress.at(-1)).toEqual([202, 202]);
    expect(bidder.lineItems.get(1150)?.targeting.zips).toEqual([{ country: 'USA', zip: '10001' }]);
  });
});

/**
 * A publication-lists layer as the real one behaves for split domains: every plan with a domain list
 * chosen makes a bidder list of the campaign's own (`lists` holds those made and not deleted).
 */
function splitListLayer() {
  const lists = new Set<number>([9000]);
  let next = 9000;
  const layer: TargetingLayer = async (request) =>
    request.targeting.domain_list.length === 0
      ? { targeting: {} }
      : {
          targeting: {},
          make: async () => {
            const id = ++next;
            lists.add(id);
            return {
              targeting: { domainListIds: [id] },
              undo: async () => void lists.delete(id),
              trace: { layer: 'publicationLists', ref: { beeswaxListId: id } },
            };
          },
        };
  const undo: LayerUndo = async (_agencyId, ref) => void lists.delete(ref['beeswaxListId'] as number);
  return { layer, undo, lists };
}

const SPLIT = { beeswaxListId: 9101, name: 'Premium Tech - techcrunch.com', cpmBid: 25 };

/** The demo campaign created with a split list: list 9000 made for it, stored, targeted by both line items. */
function splitWorld(fault?: TFault) {
  const split = splitListLayer();
  const w = world({
    ...(fault ? { fault } : {}),
    layers: { publicationLists: split.layer },
    layerUndos: { publicationLists: split.undo },
    campaign: {
      remadeLayers: [{ layer: 'publicationLists', ref: { beeswaxListId: 9000 }, targeting: { domainListIds: [9000] } }],
    },
  });
  w.campaigns.targeting.set(
    `${AGENCY}|${CAMPAIGN}`,
    ZTargetingSelections.parse({ geo_country: ['USA'], geo_state: [TEXAS], domain_list: [SPLIT] }),
  );
  for (const held of w.bidder.lineItems.values()) held.targeting = { ...held.targeting, domainListIds: [9000] };
  return { ...w, split };
}

describe('changeCampaignTargeting: the split-bids list made again', () => {
  it('deletes the superseded list once the change is stored, every line item targeting the new one', async () => {
    // Prepare
    const { deps, bidder, campaigns, split } = splitWorld();

    // Act: a new bid for the split domain.
    await changeCampaignTargeting(
      input(change({ layers: layers({ geo_state: [TEXAS], domain_list: [{ ...SPLIT, cpmBid: 40 }] }) })),
      deps,
    );

    // Assess
    expect([...split.lists]).toEqual([9001]);
    for (const id of [71, 72]) expect(bidder.lineItems.get(id)?.targeting.domainListIds).toEqual([9001]);
    expect((await campaigns.repo.getCampaign(AGENCY, CAMPAIGN))?.remadeLayers).toEqual([
      { layer: 'publicationLists', ref: { beeswaxListId: 9001 }, targeting: { domainListIds: [9001] } },
    ]);
  });

  it('deletes it when the change leaves no split domain, and the campaign keeps none', async () => {
    // Prepare
    const { deps, bidder, campaigns, split } = splitWorld();

    // Act
    await changeCampaignTargeting(input(change({ layers: layers({ geo_state: [TEXAS] }) })), deps);

    // Assess
    expect([...split.lists]).toEqual([]);
    expect(bidder.lineItems.get(71)?.targeting.domainListIds).toBeUndefined();
    expect((await campaigns.repo.getCampaign(AGENCY, CAMPAIGN))?.remadeLayers).toBeUndefined();
  });

  it('keeps the old list and puts it back on the line items when the change fails part-way', async () => {
    // Prepare: the second re-targeting fails, after the new list was made and one line item took it.
    const { deps, bidder, campaigns, split } = splitWorld({ op: 'updateLineItem', nth: 2 });
    const before = structuredClone([...bidder.lineItems.entries()]);

    // Act
    const result = changeCampaignTargeting(
      input(change({ layers: layers({ geo_state: [ONTARIO], domain_list: [{ ...SPLIT, cpmBid: 40 }] }) })),
      deps,
    );

    // Assess
    await expect(result).rejects.toThrow('bidder refused updateLineItem #2');
    expect([...split.lists]).toEqual([9000]);
    expect([...bidder.lineItems.entries()]).toEqual(before);
    expect((await campaigns.repo.getCampaign(AGENCY, CAMPAIGN))?.remadeLayers?.[0]?.ref).toEqual({
      beeswaxListId: 9000,
    });
  });

  it('keeps the change when the old list cannot be deleted, and says so in the log', async () => {
    // Prepare
    const { deps, split, log } = splitWorld();
    deps.layerUndos = {
      publicationLists: async () => {
        throw new Error('bidder down');
      },
    };

    // Act
    const result = await changeCampaignTargeting(
      input(change({ layers: layers({ geo_state: [TEXAS], domain_list: [{ ...SPLIT, cpmBid: 40 }] }) })),
      deps,
    );

    // Assess
    expect(result.changed).toBe(true);
    expect([...split.lists].sort()).toEqual([9000, 9001]);
    expect(JSON.stringify(log.lines)).toContain('was not deleted at the bidder');
  });
});

describe('changeCampaignTargeting out of time', () => {
  it('stops and undoes the bidder work when its time is up', async () => {
    // Prepare: the clock moves a second per look, the work may take 5.
    const { deps, bidder, campaigns } = world({ extraLineItems: 40 });
    let ms = NOW.getTime();
    deps.now = () => new Date((ms += 1_000));
    const before = structuredClone([...bidder.lineItems.entries()]);

    // Act
    const result = changeCampaignTargeting(
      { ...input(change({ layers: layers({ geo_zip: ['10001'] }) })), bidderWorkMs: 5_000 },
      deps,
    );

    // Assess
    await expect(result).rejects.toMatchObject({ userMessage: TARGETING_CHANGE_MESSAGES.outOfTime });
    expect([...bidder.lineItems.entries()]).toEqual(before);
    expect(campaigns.activity).toEqual([]);
  });
});

describe('getCampaignTargetingEdit', () => {
  it('answers the targeting, its revision and the companies', async () => {
    // Prepare
    const { deps } = world();

    // Act
    const edit = await getCampaignTargetingEdit({ agencyId: AGENCY, campaignId: CAMPAIGN }, deps);

    // Assess
    expect(edit).toEqual(
      expect.objectContaining({
        revision: 0,
        hasCompanyLayer: true,
        readOnly: false,
        companies: [
          { beeswaxLineItemId: 72, name: 'Globex', domain: 'globex.example' },
          { beeswaxLineItemId: 71, name: 'Initech', domain: 'initech.example' },
        ],
      }),
    );
  });
});

describe('layerDiffs', () => {
  it('names what each layer gained and lost', () => {
    // Prepare
    const before = ZTargetingSelections.parse({ geo_zip: ['10001', '10002'] });
    const after = ZTargetingSelections.parse({ geo_zip: ['10002', '10003'] });

    // Act
    const diffs = layerDiffs(before, after);

    // Assess
    expect(diffs).toEqual([{ layer: 'geo_zip', added: ['10003'], removed: ['10001'] }]);
  });
});
