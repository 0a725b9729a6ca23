import '../../test-env';
import { describe, expect, it, vi } from 'vitest';
import { MISSING_PAYMENT_METHOD_MESSAGE, ZCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TCampaignCreate } from '@bidgrid/shared/campaigns/campaign-create.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import { VALIDATION_MESSAGES } from '@bidgrid/shared/common/messages';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import type { CompanyMatcher } from '../ports/company-matcher.port';
import {
  cardRecordFixture,
  memoryAdvertisers,
  memoryLogger,
  memoryLookupCache,
  recordFixture,
  recordingMetrics,
} from '../test-fakes';
import type { TCampaignCreateRequest } from './create-campaign-request.use-case';
import {
  CREATE_CAMPAIGN_MESSAGES,
  createCampaignFromChunk,
  createCampaignFromRequest,
  MAX_CREATE_CHUNKS,
} from './create-campaign-request.use-case';
import {
  creativeFixture,
  memoryAdGroups,
  memoryCampaignCreation,
  memoryCampaigns,
  memoryCreationBidder,
} from './test-campaign-fakes';
import type { TBidderFailure } from './test-campaign-fakes';
import { CREATION_LEASE_MS } from './create-campaign-recovery';
import { LAYER_NOT_AVAILABLE, UNAVAILABLE_LAYERS } from './targeting-layers';
import type { TargetingLayers, TLayerRequest } from './targeting-layers';

const AGENCY = 'bgAgency-demo';
const CAMPAIGN = 'bg-campaign-new';
const NOW = new Date('2026-11-26T10:00:00.000Z');

/** The ranges the company-matching vendor of these tests holds for a domain (`unmatched.*` has none). */
const rangesOf = (domain: string): string[] => [`10.0.${domain.length}.0/24`];

const company = (domain: string, overrides: Partial<TCompanyRow> = {}): TCompanyRow => ({
  domain,
  include: true,
  domainInfo: { domain, companyName: `${domain} Inc`, ipSegments: rangesOf(domain) },
  ...overrides,
});

/** A company-matching vendor that knows every domain but `unmatched.*` ones, recording the domains asked. */
function matcherOf(asked: string[] = []): CompanyMatcher {
  return {
    ranges: async (domain) => {
      asked.push(domain);
      return domain.startsWith('unmatched.')
        ? { outcome: 'no-ranges', domain }
        : { outcome: 'ranges', domain, ranges: rangesOf(domain) };
    },
    companyName: async (domain) => `${domain} Inc`,
  };
}

/** A creation payload of the wizard for the demo agency's Acme advertiser (bidder id 101). */
function payload(overrides: Partial<TCampaignCreate> = {}): TCampaignCreateRequest {
  return ZCampaignCreate.parse({
    bgCampaignId: CAMPAIGN,
    beeswaxCampaign: {
      active: false,
      advertiser_id: 101,
      budget_type: 2,
      campaign_budget: 3000,
      dailyBudget: 100,
      campaign_name: 'Q4 ABM',
      start_date: '2026-11-27',
      end_date: '2026-12-27',
    },
    max_bid: 12,
    bgAdvertiserId: 'bgAdvertiser-acme',
    creativeIds: ['bgCreative-1', 'bgCreative-2'],
    description: 'Winter push',
    name: 'Q4 ABM',
    targetingInfo: { geo_state: [{ country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' }] },
    foundCompanyInfo: {
      companies: [
        company('initech.example', { hubspotCompanyId: '901' }),
        company('globex.example'),
        company('hooli.example', { include: false }),
        { domain: 'unknown.example', include: true, domainInfo: null },
      ],
      fromFile: true,
    },
    isVideoCampaign: false,
    campaignType: 'managed',
    ...overrides,
  });
}

/** The demo agency's world: Acme with a card, an ad group under the new campaign id with two banners. */
function world(
  options: {
    failure?: TBidderFailure;
    card?: boolean;
    layers?: Partial<TargetingLayers>;
    matcher?: CompanyMatcher;
  } = {},
) {
  const campaigns = memoryCampaigns();
  const adGroupFields = {
    bgAdvertiserId: 'bgAdvertiser-acme',
    bgCampaignId: CAMPAIGN,
    createdBy: 'demo',
    description: '',
    createdAt: NOW.toISOString(),
  } as const;
  const adGroups = memoryAdGroups(
    [
      { ...adGroupFields, adGroupId: 'bg-ad-group-1', name: 'Banners', adGroupType: 'image' },
      { ...adGroupFields, adGroupId: 'bg-ad-group-2', name: 'Other', adGroupType: 'image' },
    ],
    [
      creativeFixture({ bgCreativeId: 'bgCreative-1', beeswaxCreativeId: 901, bgCampaignId: CAMPAIGN }),
      creativeFixture({ bgCreativeId: 'bgCreative-2', beeswaxCreativeId: 902, bgCampaignId: CAMPAIGN }),
      creativeFixture({ bgCreativeId: 'bgCreative-old', beeswaxCreativeId: 903 }),
      creativeFixture({
        bgCreativeId: 'bgCreative-other-group',
        beeswaxCreativeId: 904,
        bgCampaignId: CAMPAIGN,
        adGroupId: 'bg-ad-group-2',
      }),
      creativeFixture({
        bgCreativeId: 'bgCreative-video',
        beeswaxCreativeId: 905,
        bgCampaignId: CAMPAIGN,
        creativeType: 'video/mp4',
      }),
    ],
  );
  const bidder = memoryCreationBidder(options.failure);
  const creation = memoryCampaignCreation();
  // The fake ad-group store holds one agency: another agency finds none of it, as the real keys do.
  const agencyAdGroups = {
    getAdGroup: (agencyId: string, id: string) =>
      agencyId === AGENCY ? adGroups.repo.getAdGroup(agencyId, id) : Promise.resolve(null),
    getCreative: (agencyId: string, id: string) =>
      agencyId === AGENCY ? adGroups.repo.getCreative(agencyId, id) : Promise.resolve(null),
  };
  const deps = {
    campaigns: campaigns.repo,
    advertisers: memoryAdvertisers([options.card === false ? recordFixture() : cardRecordFixture()]).repo,
    adGroups: agencyAdGroups,
    creation: creation.repo,
    bidder: bidder.bidder,
    matcher: options.matcher ?? matcherOf(),
    lookupCache: memoryLookupCache(),
    layers: { ...UNAVAILABLE_LAYERS, ...options.layers } as TargetingLayers,
    layerUndos: {},
    metrics: recordingMetrics(),
    now: () => NOW,
    sleep: () => new Promise<void>((resolve) => setImmediate(resolve)),
    log: memoryLogger(),
  };
  return { deps, campaigns, bidder, creation };
}

const LIMITS = { maxCompanies: 10_000, bidderWorkMs: 60_000 };

const create = (w: ReturnType<typeof world>, request = payload(), agencyId = AGENCY, limits = LIMITS) =>
  createCampaignFromRequest({ agencyId, username: 'demo', request, limits }, w.deps);

/** The field errors of a refusal. */
async function refusal(attempt: Promise<unknown>) {
  const error = await attempt.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BadRequestError);
  return { message: (error as BadRequestError).userMessage, fields: (error as BadRequestError).fieldErrors };
}

describe('createCampaignFromRequest', () => {
  it('makes an inactive campaign with one line item per included, matched company, every creative linked', async () => {
    // Prepare
    const w = world();

    // Act
    const campaign = await create(w);

    // Assess
    expect(campaign).toMatchObject({
      bgCampaignId: CAMPAIGN,
      agencyId: AGENCY,
      active: false,
      campaign_budget: 3000,
      maxBid: 12,
      accounts: 2,
      createdBy: 'demo',
      campaignType: 'managed',
    });
    const lineItems = await w.campaigns.repo.listLineItems(AGENCY, CAMPAIGN);
    expect(lineItems.map((li) => [li.domain, li.line_item_name, li.hubspotCompanyId, li.fromFile])).toEqual([
      ['initech.example', 'initech.example Inc', '901', true],
      ['globex.example', 'globex.example Inc', null, true],
    ]);
    expect([...w.bidder.holds.lineItems.values()]).toEqual([
      expect.objectContaining({ ipRanges: ['10.0.15.0/24'], creatives: [901, 902], active: true }),
      expect.objectContaining({ ipRanges: ['10.0.14.0/24'], creatives: [901, 902], active: true }),
    ]);
    expect(w.bidder.calls.find((c) => c.op === 'createLineItem')?.input).toMatchObject({
      targeting: { countries: ['USA'], regions: [{ country: 'USA', region: 'TX' }] },
    });
    expect(await w.campaigns.repo.getTargeting(AGENCY, CAMPAIGN)).toMatchObject({
      geo_state: [{ region_name: 'Texas' }],
    });
    expect(w.creation.claims.size).toBe(0);
  });

  it("targets the ranges the server's match holds for each company, not the ranges the request carries", async () => {
    // Prepare: the request claims everyone (0.0.0.0/0) for a company the vendor knows.
    const asked: string[] = [];
    const w = world({ matcher: matcherOf(asked) });
    const crafted = company('initech.example', {
      domainInfo: { domain: 'initech.example', companyName: 'Initech', ipSegments: ['0.0.0.0/0'] },
    });
    const request = payload({
      foundCompanyInfo: {
        companies: [crafted],
        fromFile: true,
      },
    });

    // Act
    await create(w, request);

    // Assess
    expect([...w.bidder.holds.lineItems.values()].map((li) => li.ipRanges)).toEqual([rangesOf('initech.example')]);
    const stored = await w.campaigns.repo.listLineItems(AGENCY, CAMPAIGN);
    expect(stored.map((li) => li.segmentCount)).toEqual([1]);
    // Asked once (the cache was empty), and kept for the next creation.
    expect(asked).toEqual(['initech.example']);
    expect([...(await w.deps.lookupCache.getMany(['initech.example'], NOW)).keys()]).toEqual(['initech.example']);
  });

  it('reads a company the match has seen from the look-up cache, without asking the vendor', async () => {
    // Prepare
    const asked: string[] = [];
    const w = world({ matcher: matcherOf(asked) });
    await w.deps.lookupCache.putMany(
      [
        { outcome: 'matched', domain: 'initech.example', companyName: 'Initech', ranges: ['198.18.0.0/22'] },
        { outcome: 'matched', domain: 'globex.example', companyName: 'Globex', ranges: ['198.19.0.0/24'] },
      ],
      NOW,
    );

    // Act
    await create(w);

    // Assess
    expect(asked).toEqual([]);
    expect([...w.bidder.holds.lineItems.values()].map((li) => li.ipRanges)).toEqual([
      ['198.18.0.0/22'],
      ['198.19.0.0/24'],
    ]);
  });

  it('refuses a company sent as matched that the match does not know, on its row, before any bidder call', async () => {
    // Prepare
    const w = world();
    const request = payload({
      foundCompanyInfo: {
        companies: [company('initech.example'), company('unmatched.example'), company('http://')],
        fromFile: true,
      },
    });

    // Act
    const refused = await refusal(create(w, request));

    // Assess
    expect(refused.fields).toEqual({
      'foundCompanyInfo.companies.1.domainInfo': [CREATE_CAMPAIGN_MESSAGES.notMatched('unmatched.example')],
      'foundCompanyInfo.companies.2.domainInfo': [CREATE_CAMPAIGN_MESSAGES.notMatched('http://')],
    });
    expect(w.bidder.calls).toEqual([]);
  });

  it('adds each layer’s targeting to every line item, and undoes what a layer made when the creation fails', async () => {
    // Prepare: a lists layer resolved from stores, and an e-mail layer that makes a segment first.
    const seen: TLayerRequest[] = [];
    const undone: string[] = [];
    const layers: Partial<TargetingLayers> = {
      publicationLists: async (request) => {
        seen.push(request);
        return {
          targeting: { domainListIds: [77] },
          selections: { domain_list: [{ beeswaxListId: 77, name: 'Named by its store' }] },
        };
      },
      crmEmails: async () => ({
        targeting: {},
        make: async () => ({
          targeting: { audiences: [['crm-emails-key']] },
          undo: async () => {
            undone.push('crm segment');
          },
          trace: { layer: 'crmEmails', ref: { segmentKey: 'crm-emails-key' } },
        }),
      }),
    };
    const w = world({ layers });
    const failing = world({ layers, failure: { op: 'linkCreative', nth: 2 } });
    // What the e-mail layer made is journaled before the line items, for a recovery should we die.
    const journaled: unknown[] = [];
    const journal = w.creation.repo.journal.bind(w.creation.repo);
    w.creation.repo.journal = async (agencyId, campaignId, owner, update) => {
      if (update.layersMade) journaled.push(update.layersMade);
      return journal(agencyId, campaignId, owner, update);
    };

    // Act
    await create(w);
    const failed = await create(failing).then(
      () => null,
      (error: unknown) => error,
    );

    // Assess
    expect(seen[0]).toMatchObject({ agencyId: AGENCY, bgCampaignId: CAMPAIGN, maxBid: 12 });
    expect(seen[0]?.advertiser.bgAdvertiserId).toBe('bgAdvertiser-acme');
    const made = w.bidder.calls.filter((c) => c.op === 'createLineItem').map((c) => c.input);
    expect(made).toHaveLength(2);
    for (const lineItem of made) {
      expect(lineItem).toMatchObject({
        targeting: { countries: ['USA'], domainListIds: [77], audiences: [['crm-emails-key']] },
      });
    }
    expect(failed).toBeInstanceOf(Error);
    expect((await w.campaigns.repo.getTargeting(AGENCY, CAMPAIGN))?.domain_list).toEqual([
      { beeswaxListId: 77, name: 'Named by its store' },
    ]);
    expect(undone).toEqual(['crm segment']);
    // The made audience is kept on the campaign (not a selection), for later targeting changes.
    expect((await w.campaigns.repo.getCampaign(AGENCY, CAMPAIGN))?.madeTargeting).toEqual({
      audiences: [['crm-emails-key']],
    });
    expect(journaled).toEqual([[{ layer: 'crmEmails', ref: { segmentKey: 'crm-emails-key' } }]]);
    expect(await failing.campaigns.repo.getCampaign(AGENCY, CAMPAIGN)).toBeNull();
  });

  it('keeps on the campaign the split-bids list it made, so a later targeting change can replace it', async () => {
    // Prepare: a lists layer that makes the campaign's own list (split domains with CPM bids).
    const w = world({
      layers: {
        publicationLists: async () => ({
          targeting: { domainListIds: [77] },
          make: async () => ({
            targeting: { domainListIds: [9000] },
            undo: async () => undefined,
            trace: { layer: 'publicationLists', ref: { beeswaxListId: 9000 } },
          }),
        }),
      },
    });

    // Act
    await create(w);

    // Assess: the made list is kept apart from the kept layers (a change makes it again).
    const stored = await w.campaigns.repo.getCampaign(AGENCY, CAMPAIGN);
    expect(stored?.remadeLayers).toEqual([
      { layer: 'publicationLists', ref: { beeswaxListId: 9000 }, targeting: { domainListIds: [9000] } },
    ]);
    expect(stored?.madeTargeting).toBeUndefined();
  });

  it('reports every layer’s field errors together and makes nothing', async () => {
    // Prepare
    const w = world();

    // Act
    const refused = await refusal(
      create(
        w,
        payload({
          targetingInfo: {
            domain_list: [{ beeswaxListId: 77, name: 'News' }],
            retargeting_segments: [{ segment_key: 'visitors' }],
          },
        }),
      ),
    );

    // Assess
    expect(refused.fields).toEqual({
      'targetingInfo.domain_list': [LAYER_NOT_AVAILABLE],
      'targetingInfo.retargeting_segments': [LAYER_NOT_AVAILABLE],
    });
    expect(w.bidder.calls).toEqual([]);
  });

  it('makes one line item for the whole audience when there is no company layer', async () => {
    // Prepare
    const w = world();
    const { foundCompanyInfo: _none, ...rest } = payload();

    // Act
    const campaign = await create(w, rest as TCampaignCreateRequest);

    // Assess
    expect(campaign.accounts).toBe(0);
    const lineItems = await w.campaigns.repo.listLineItems(AGENCY, CAMPAIGN);
    expect(lineItems.map((li) => [li.line_item_name, li.domain])).toEqual([['Q4 ABM', null]]);
    expect(w.bidder.calls.find((c) => c.op === 'createLineItem')?.input).toMatchObject({ ourId: `${CAMPAIGN}:all` });
  });

  it('counts the campaign it made with its line items and the time from request to stored campaign', async () => {
    // Prepare: the bidder takes 4 s to make the campaign.
    const w = world();
    let clock = NOW.getTime();
    w.deps.now = () => new Date(clock);
    const createAtBidder = w.deps.bidder.createCampaign;
    w.deps.bidder = {
      ...w.deps.bidder,
      createCampaign: async (input) => {
        clock += 4_000;
        return createAtBidder(input);
      },
    };

    // Act
    await create(w);
    await create(w);

    // Assess: the repeat made nothing and counts nothing.
    expect(w.deps.metrics.recorded).toEqual([{ metric: 'campaignCreated', args: [4_000, 2] }]);
  });

  it('counts a creation that failed at the bidder, and no campaign', async () => {
    // Prepare
    const w = world({ failure: { op: 'createLineItem', nth: 2 } });

    // Act
    await create(w).catch(() => undefined);

    // Assess
    expect(w.deps.metrics.recorded).toEqual([{ metric: 'campaignCreationFailed', args: [0] }]);
  });

  it('answers a repeated request with the campaign and makes nothing twice', async () => {
    // Prepare
    const w = world();
    const first = await create(w);
    const callsBefore = w.bidder.calls.length;

    // Act
    const again = await create(w);

    // Assess
    expect(again).toEqual(first);
    expect(w.bidder.calls.length).toBe(callsBefore);
  });

  it('makes the campaign once when two requests for it run at the same time', async () => {
    // Prepare
    const w = world();

    // Act
    const [a, b] = await Promise.all([create(w), create(w)]);

    // Assess
    expect(a.beeswaxCampaignId).toBe(b.beeswaxCampaignId);
    expect(w.bidder.calls.filter((c) => c.op === 'createCampaign')).toHaveLength(1);
    expect(w.bidder.holds.campaigns.size).toBe(1);
  });

  it.each<TBidderFailure>([
    { op: 'createCampaign' },
    { op: 'createConversionEvent' },
    { op: 'createLineItem', nth: 2 },
    { op: 'linkCreative', nth: 3 },
    { op: 'updateLineItem', nth: 2 },
    // Done at the bidder, the reply lost: the creation never learns the id, the bidder lists it by ours.
    { op: 'createCampaign', lostReply: true },
    { op: 'createLineItem', nth: 2, lostReply: true },
  ])('leaves nothing at the bidder or in the store when %o fails, and frees the id', async (failure) => {
    // Prepare
    const w = world({ failure });

    // Act
    const attempt = create(w);

    // Assess
    await expect(attempt).rejects.toThrow();
    expect(w.bidder.empty()).toBe(true);
    expect(await w.campaigns.repo.getCampaign(AGENCY, CAMPAIGN)).toBeNull();
    expect(w.campaigns.items.size).toBe(0);
    expect(w.creation.claims.size).toBe(0);
  });

  it('tells the client every second that it is alive while nothing moves (the store writing)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      // Prepare: a store that writes only when the test says so.
      const w = world();
      let finishStore = (): void => undefined;
      const storing = new Promise<void>((resolve) => (finishStore = resolve));
      const put = w.campaigns.repo.putNewCampaign;
      w.deps.campaigns = {
        ...w.campaigns.repo,
        putNewCampaign: async (...args) => {
          await storing;
          return put(...args);
        },
      };
      const progress: Array<[number, number]> = [];

      // Act
      const creation = createCampaignFromRequest(
        {
          agencyId: AGENCY,
          username: 'demo',
          request: payload(),
          limits: LIMITS,
          progress: (d, t) => progress.push([d, t]),
        },
        w.deps,
      );
      await vi.waitFor(() => expect(progress.at(-1)).toEqual([2, 2]));
      const before = progress.length;
      vi.advanceTimersByTime(3_000);
      const during = progress.slice(before);
      finishStore();
      await creation;

      // Assess
      expect(during).toEqual([
        [2, 2],
        [2, 2],
        [2, 2],
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops and undoes the bidder work when its time is up, rather than be cut off half made', async () => {
    // Prepare: a clock that moves a second at every look.
    const w = world();
    let clock = NOW.getTime();
    w.deps.now = () => new Date((clock += 1000));

    // Act
    const attempt = create(w, payload(), AGENCY, { maxCompanies: 10_000, bidderWorkMs: 500 });

    // Assess
    await expect(attempt).rejects.toMatchObject({ status: 409, userMessage: CREATE_CAMPAIGN_MESSAGES.outOfTime });
    expect(w.bidder.calls.some((c) => c.op === 'createCampaign')).toBe(true);
    expect(w.bidder.empty()).toBe(true);
    expect(w.campaigns.items.size).toBe(0);
  });

  it('refuses more companies than its way in takes, before anything is made', async () => {
    // Prepare
    const w = world();

    // Act
    const refused = await refusal(create(w, payload(), AGENCY, { maxCompanies: 3, bidderWorkMs: 60_000 }));

    // Assess
    expect(refused.fields).toEqual({
      'foundCompanyInfo.companies': [CREATE_CAMPAIGN_MESSAGES.tooManyForThisCall(3)],
    });
    expect(w.bidder.calls).toEqual([]);
  });

  it("refuses an advertiser without a saved card with the spec's message", async () => {
    // Prepare
    const w = world({ card: false });

    // Act
    const refused = await refusal(create(w));

    // Assess
    expect(refused.message).toBe(MISSING_PAYMENT_METHOD_MESSAGE);
    expect(refused.fields).toEqual({ bgAdvertiserId: [MISSING_PAYMENT_METHOD_MESSAGE] });
    expect(w.bidder.calls).toEqual([]);
  });

  it("answers 404 for another agency's advertiser and creatives", async () => {
    // Prepare
    const w = world();

    // Act
    const asRival = create(w, payload(), 'bgAgency-rival');
    const foreignCreative = create(w, payload({ creativeIds: ['bgCreative-rival'] }));

    // Assess
    await expect(asRival).rejects.toBeInstanceOf(NotFoundError);
    await expect(foreignCreative).rejects.toBeInstanceOf(NotFoundError);
    expect(w.bidder.calls).toEqual([]);
  });

  it.each([
    [{ creativeIds: ['bgCreative-old'] }, 'creativeIds', 'Does not match the campaign'],
    [{ creativeIds: ['bgCreative-1', 'bgCreative-other-group'] }, 'creativeIds', CREATE_CAMPAIGN_MESSAGES.oneAdGroup],
    [{ creativeIds: ['bgCreative-video'] }, 'creativeIds', VALIDATION_MESSAGES.displayCampaignOnlyImages],
    [
      { beeswaxCampaign: { ...payload().beeswaxCampaign, advertiser_id: 555 } },
      'beeswaxCampaign.advertiser_id',
      'Does not match the advertiser',
    ],
    [
      { foundCompanyInfo: { companies: [company('hooli.example', { include: false })], fromFile: true } },
      'foundCompanyInfo.companies',
      CREATE_CAMPAIGN_MESSAGES.noIncludedCompany,
    ],
    [
      { showInHubspot: true, maxCompanies: 1 },
      'foundCompanyInfo.companies',
      CREATE_CAMPAIGN_MESSAGES.tooManyCompanies(1),
    ],
    [
      { beeswaxCampaign: { ...payload().beeswaxCampaign, start_date: '2026-11-20' } },
      'beeswaxCampaign.start_date',
      VALIDATION_MESSAGES.startDateNotPast,
    ],
    [
      { targetingInfo: { domain_list: [{ beeswaxListId: 77, name: 'News' }] } },
      'targetingInfo.domain_list',
      LAYER_NOT_AVAILABLE,
    ],
  ] as const)('refuses %o with a field error on %s', async (overrides, field, message) => {
    // Prepare
    const w = world();

    // Act
    const refused = await refusal(create(w, payload(overrides as Partial<TCampaignCreate>)));

    // Assess
    expect(refused.fields?.[field]).toEqual([message]);
    expect(w.bidder.calls).toEqual([]);
  });
});

describe('createCampaignFromChunk', () => {
  /** Sends chunk `chunk` of the demo user's call `callKey`, carrying `request` (the demo payload unless given). */
  const sendChunk = (
    w: ReturnType<typeof world>,
    callKey: string,
    chunk: { index: number; count: number },
    request: TCampaignCreateRequest = payload(),
  ) => createCampaignFromChunk({ agencyId: AGENCY, username: 'demo', limits: LIMITS, callKey, chunk, request }, w.deps);

  it('keeps the chunks before the last and makes the campaign from all of their companies', async () => {
    // Prepare
    const w = world();
    const whole = payload();
    const companies = whole.foundCompanyInfo?.companies ?? [];
    const chunkOf = (index: number, rows: TCompanyRow[]) =>
      sendChunk(
        w,
        'demo#req-1',
        { index, count: 3 },
        { ...whole, foundCompanyInfo: { companies: rows, fromFile: true } },
      );

    // Act
    const first = await chunkOf(0, companies.slice(0, 1));
    const second = await chunkOf(1, companies.slice(1, 3));
    const last = await chunkOf(2, companies.slice(3));

    // Assess
    expect([first, second]).toEqual([null, null]);
    expect(last?.accounts).toBe(2);
    expect((await w.campaigns.repo.listLineItems(AGENCY, CAMPAIGN)).map((li) => li.domain)).toEqual([
      'initech.example',
      'globex.example',
    ]);
    expect(w.creation.chunks.get(`${AGENCY}|demo#req-1`)?.size).toBe(0);
  });

  it('joins the CRM e-mails of every chunk into the e-mail layer, a domain cut across chunks in one group', async () => {
    // Prepare: the e-mail layer records what it is asked to hash.
    const asked: unknown[] = [];
    const w = world({
      layers: {
        crmEmails: async (request) => {
          asked.push(request.foundEmailsInfo?.emailsToHash);
          return { targeting: {} };
        },
      },
    });
    const whole = payload();
    const companies = whole.foundCompanyInfo?.companies ?? [];
    const chunkOf = (index: number, rows: TCompanyRow[], emails: Array<{ domain: string; emails: string[] }>) =>
      sendChunk(
        w,
        'demo#req-emails',
        { index, count: 3 },
        {
          ...whole,
          foundCompanyInfo: { companies: rows, fromFile: true },
          foundEmailsInfo: { emailsToHash: emails, fromFile: true },
        },
      );

    // Act
    await chunkOf(0, companies.slice(0, 2), [{ domain: 'acme.example', emails: ['a@acme.example'] }]);
    await chunkOf(
      1,
      [],
      [
        { domain: 'acme.example', emails: ['b@acme.example'] },
        { domain: 'general', emails: ['c@other.example'] },
      ],
    );
    const last = await chunkOf(2, companies.slice(2), []);

    // Assess
    expect(last?.accounts).toBe(2);
    expect(asked).toEqual([
      [
        { domain: 'acme.example', emails: ['a@acme.example', 'b@acme.example'] },
        { domain: 'general', emails: ['c@other.example'] },
      ],
    ]);
  });

  it('refuses a call announced in more chunks than a campaign can take, keeping nothing', async () => {
    // Prepare
    const w = world();

    // Act
    const refused = await refusal(sendChunk(w, 'demo#req-3', { index: 0, count: MAX_CREATE_CHUNKS + 1 }));

    // Assess
    expect(refused.fields?.['foundCompanyInfo.companies']).toEqual([
      CREATE_CAMPAIGN_MESSAGES.tooManyForThisCall(LIMITS.maxCompanies),
    ]);
    expect(w.creation.chunks.size).toBe(0);
  });

  it('refuses the last chunk when one before it never came', async () => {
    // Prepare
    const w = world();

    // Act
    const refused = await refusal(sendChunk(w, 'demo#req-2', { index: 1, count: 2 }));

    // Assess
    expect(refused.fields).toEqual({ 'foundCompanyInfo.companies': [CREATE_CAMPAIGN_MESSAGES.missingChunks] });
    expect(w.bidder.calls).toEqual([]);
  });
});

describe('createCampaignFromRequest, interrupted part-way', () => {
  /** A world whose bidder never answers the `hangAt`-th line item: its request dies there (no finally runs). */
  function hangingWorld(hangAt: number) {
    const w = world();
    let clock = NOW.getTime();
    w.deps.now = () => new Date(clock);
    const createLineItem = w.bidder.bidder.createLineItem;
    let made = 0;
    w.deps.bidder = {
      ...w.bidder.bidder,
      createLineItem: (input) => (++made === hangAt ? new Promise<number>(() => undefined) : createLineItem(input)),
    };
    return { w, advance: (ms: number) => (clock += ms) };
  }

  it('journals the bidder ids on its claim as they are made', async () => {
    // Prepare
    const { w } = hangingWorld(2);

    // Act: the request hangs at the second line item (as a Lambda killed there would stop).
    void create(w);
    await vi.waitFor(() => expect(w.bidder.holds.lineItems.size).toBe(1));

    // Assess
    const [claim] = [...w.creation.claims.values()];
    expect(claim).toMatchObject({ bgCampaignId: CAMPAIGN, beeswaxAdvertiserId: 101 });
    expect(w.bidder.holds.campaigns.has(claim?.beeswaxCampaignId ?? -1)).toBe(true);
    expect(w.bidder.holds.events.has(claim?.conversionEventId ?? -1)).toBe(true);
  });

  it('a retry of the same campaign id after the lease undoes the dead attempt, then creates it once', async () => {
    // Prepare: an attempt that died with a campaign, its event and a line item at the bidder.
    const { w, advance } = hangingWorld(2);
    void create(w);
    await vi.waitFor(() => expect(w.bidder.holds.lineItems.size).toBe(1));
    const [dead] = [...w.creation.claims.values()];
    advance(CREATION_LEASE_MS + 1);
    w.deps.bidder = w.bidder.bidder;

    // Act
    const campaign = await create(w);

    // Assess: only the new campaign and its two line items are left, stored and at the bidder.
    expect(campaign.bgCampaignId).toBe(CAMPAIGN);
    expect(w.bidder.holds.campaigns.has(dead?.beeswaxCampaignId ?? -1)).toBe(false);
    expect(w.bidder.holds.events.has(dead?.conversionEventId ?? -1)).toBe(false);
    expect([...w.bidder.holds.campaigns]).toEqual([campaign.beeswaxCampaignId]);
    expect(w.bidder.holds.lineItems.size).toBe(2);
    expect(w.bidder.holds.events.size).toBe(1);
    expect(w.creation.claims.size).toBe(0);
  });

  it('a retry within the lease waits, and is told the campaign is being created', async () => {
    // Prepare
    const { w } = hangingWorld(2);
    void create(w);
    await vi.waitFor(() => expect(w.bidder.holds.lineItems.size).toBe(1));
    w.deps.bidder = w.bidder.bidder;

    // Act
    const retry = createCampaignFromRequest(
      { agencyId: AGENCY, username: 'demo', request: payload(), limits: LIMITS, waitMs: 0 },
      w.deps,
    );

    // Assess: nothing of the live attempt is touched.
    await expect(retry).rejects.toThrow(CREATE_CAMPAIGN_MESSAGES.busy);
    expect(w.bidder.holds.campaigns.size).toBe(1);
    expect(w.bidder.holds.lineItems.size).toBe(1);
  });

  it('keeps the journal for the recovery when the undo of a failure left something at the bidder', async () => {
    // Prepare: the second line item is refused, and so is the deletion of the first.
    const w = world({ failure: { op: 'createLineItem', nth: 2 } });
    w.deps.bidder = {
      ...w.bidder.bidder,
      deleteLineItem: () => Promise.reject(new Error('bidder down')),
    };

    // Act
    await expect(create(w)).rejects.toThrow();

    // Assess: the claim stays, lapsed at once, with what is left to undo.
    const [claim] = [...w.creation.claims.values()];
    expect(claim?.leaseUntil).toBeLessThan(NOW.getTime());
    expect(w.bidder.holds.campaigns.has(claim?.beeswaxCampaignId ?? -1)).toBe(true);
    expect(await w.creation.repo.listStale(NOW.getTime())).toHaveLength(1);
  });
});

describe('createCampaignFromRequest, after an attempt that died once its campaign was stored', () => {
  it('answers the stored campaign and makes nothing', async () => {
    // Prepare: a first creation that stored its campaign; its claim left behind, lapsed.
    const w = world();
    const first = await create(w);
    await w.creation.repo.claim(AGENCY, CAMPAIGN, 'killed-lambda', {
      nowMs: NOW.getTime() - 2 * CREATION_LEASE_MS,
      leaseUntilMs: NOW.getTime() - CREATION_LEASE_MS,
      beeswaxAdvertiserId: 101,
    });
    const getCampaign = w.campaigns.repo.getCampaign;
    let reads = 0;
    // The first read (before the claim) misses it, as a read racing the store would.
    w.deps.campaigns = {
      ...w.campaigns.repo,
      getCampaign: (...args) => (++reads === 1 ? Promise.resolve(null) : getCampaign(...args)),
    };
    const calls = w.bidder.calls.length;

    // Act
    const again = await create(w);

    // Assess
    expect(again.bgCampaignId).toBe(first.bgCampaignId);
    expect(w.bidder.calls.slice(calls).filter((c) => c.op.startsWith('create'))).toEqual([]);
    expect(w.bidder.holds.lineItems.size).toBe(2);
    expect(w.creation.claims.size).toBe(0);
  });
});
