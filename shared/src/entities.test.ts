import { describe, expect, it } from 'vitest';
import type * as z from './zod';
import {
  LINE_ITEM_DEFAULT_METRICS,
  LINE_ITEM_HIDDEN_METRICS,
  LINE_ITEM_METRICS,
  ZAdGroup,
  ZAdGroupTemplate,
  ZAdvertiser,
  ZAgency,
  ZBillingLog,
  ZCampaign,
  ZCampaignCreate,
  ZCampaignDetailsUpdate,
  ZCampaignDraft,
  ZCampaignReport,
  ZCampaignTemplate,
  ZCompanyRow,
  ZCreative,
  ZCreativeTemplate,
  ZCrmCampaign,
  ZDomainList,
  ZEmailSegmentCreate,
  ZGeoOption,
  ZInvoice,
  ZInvoiceFacts,
  ZLineItem,
  ZLineItemReport,
  ZPaymentSave,
  ZPlaybook,
  ZPublicList,
  ZRetargetingSegment,
  ZSegmentsLogEntry,
  ZSession,
  ZTargetingSelections,
  MAX_SEGMENT_NAME,
  hashedEmailsName,
  newCampaignDraft,
} from './entities';
import { METRIC_KINDS } from './metrics';

const at = '2026-11-25T12:00:00.000Z';

const advertiser = {
  bgAdvertiserId: 'bgAdvertiser-acme',
  beeswaxAdvertiserId: 11,
  name: 'Acme',
  createdBy: 'demo',
  createdAt: at,
  domain: 'acme.example',
  address_1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '+1 555 0100',
  parentAgencyId: 'bgAgency-demo',
  category: 'IAB3',
  hubspot_authed: true,
  hubspot_portal_id: 4242,
  paymentMethod: { card: { last4: '4242', brand: 'visa' } },
  advertiser_card_name: 'Main card',
};

const campaign = {
  bgCampaignId: 'bg-campaign-q1',
  beeswaxCampaignId: 21,
  bgAdvertiserId: 'bgAdvertiser-acme',
  agencyId: 'bgAgency-demo',
  name: 'Q1 ABM',
  active: true,
  archived: false,
  start_date: '2026-12-01',
  end_date: '2026-12-31',
  daily_budget: 50,
  campaign_budget: 1500,
  maxBid: 25,
  showInHubspot: true,
  isVideoCampaign: false,
  accounts: 12,
  campaignReports: [{ clicks: 10, ctr: 0.5, impressions: 2000, spend: 12.5 }],
  createdBy: 'demo',
};

const creative = {
  bgCreativeId: 'bgCreative-1',
  beeswaxCreativeId: 31,
  adGroupId: 'bg-ad-group-1',
  bgAdvertiserId: 'bgAdvertiser-acme',
  name: 'banner.png',
  height: 250,
  width: 300,
  creativeType: 'image/png',
  creativeSrc: 'http://127.0.0.1:4569/creatives/banner.png',
  size: 12000,
  createdAt: at,
  click_url: 'https://acme.example/landing',
};

/** The bidder campaign of a valid creation payload; the invalid ones each change one thing in it. */
const bidderCampaign = {
  active: false,
  advertiser_id: 11,
  budget_type: 2,
  campaign_budget: 300,
  dailyBudget: 10,
  campaign_name: 'New',
  start_date: '2026-12-01',
  end_date: '2026-12-31',
};

/** One valid sample per entity and changes that must each make it invalid. */
const CASES: Array<{
  name: string;
  schema: z.ZodMiniType;
  valid: Record<string, unknown>;
  invalid: Record<string, unknown>[];
}> = [
  {
    name: 'agency',
    schema: ZAgency,
    valid: {
      agencyId: 'bgAgency-demo',
      name: 'Demo Agency',
      email: 'ops@demo.example',
      createdBy: 'demo',
      users: ['demo'],
    },
    invalid: [{ agencyId: 'demo' }, { email: 'not-an-email' }, { users: [] }],
  },
  {
    name: 'advertiser',
    schema: ZAdvertiser,
    valid: advertiser,
    invalid: [
      { bgAdvertiserId: 'bgAgency-acme' },
      { beeswaxAdvertiserId: 0 },
      { paymentMethod: { card: { last4: '42', brand: 'visa' } } },
      { hubspot_authed: 'yes' },
    ],
  },
  {
    name: 'campaign',
    schema: ZCampaign,
    valid: campaign,
    invalid: [{ maxBid: 101 }, { start_date: '12/01/2026' }, { bgCampaignId: 'campaign-q1' }, { maxCompanies: -1 }],
  },
  {
    name: 'campaign report',
    schema: ZCampaignReport,
    valid: { clicks: 1, impressions: 100, spend: 2.5, ctr: null, timeFrame: '7_DAYS' },
    invalid: [{ clicks: '1' }, { timeFrame: 'YESTERDAY' }],
  },
  {
    name: 'line item',
    schema: ZLineItem,
    valid: {
      beeswaxLineItemId: 41,
      bgCampaignId: 'bg-campaign-q1',
      line_item_name: 'Globex',
      active: true,
      hubspotCompanyId: '9001',
      lineItemReports: [{ beeswaxLineItemId: 41, impressions: 100, segment_count_nam: 3 }],
    },
    invalid: [{ beeswaxLineItemId: 'x' }, { active: 1 }, { lineItemReports: [{ impressions: 1 }] }],
  },
  {
    name: 'ad group',
    schema: ZAdGroup,
    valid: {
      adGroupId: 'bg-ad-group-1',
      bgAdvertiserId: 'bgAdvertiser-acme',
      bgCampaignId: 'bg-campaign-q1',
      createdBy: 'demo',
      name: 'Banners',
      adGroupType: 'image',
      createdAt: at,
    },
    invalid: [{ adGroupType: 'audio' }, { adGroupId: 'bg-ad-group-template-1' }],
  },
  {
    name: 'ad-group template',
    schema: ZAdGroupTemplate,
    valid: {
      id: 'bg-ad-group-template-1',
      bgAdvertiserId: 'bgAdvertiser-acme',
      createdBy: 'demo',
      name: 'Banners',
      adGroupType: 'video',
      createdAt: at,
    },
    invalid: [{ id: 'bg-ad-group-1' }],
  },
  {
    name: 'creative',
    schema: ZCreative,
    valid: creative,
    invalid: [{ creativeType: 'application/pdf' }, { click_url: 'javascript:alert(1)' }, { width: 0 }],
  },
  {
    name: 'creative template',
    schema: ZCreativeTemplate,
    valid: {
      id: 'bg-creative-template-1',
      adGroupTemplateId: 'bg-ad-group-template-1',
      creativeTemplateSrc: 'https://cdn.example/banner.png',
      creativeType: 'image/gif',
      name: 'banner.gif',
      height: 90,
      width: 728,
      size_in_bytes: 5000,
    },
    invalid: [{ adGroupTemplateId: 'bg-ad-group-1' }, { creativeTemplateSrc: 'banner.png' }],
  },
  {
    name: 'targeting selections',
    schema: ZTargetingSelections,
    valid: {
      domain_list: [{ beeswaxListId: 51, name: 'News', cpmBid: 25 }],
      geo_country: ['USA'],
      geo_state: [{ country_code_3: 'USA', region_name: 'Illinois' }],
      geo_zip: ['62701'],
      role_title_segments: [{ role_name: 'CFO', segment_key: 'seg-cfo' }],
      retargeting_segments: [{ segment_key: 'seg-visitors' }],
    },
    invalid: [{ geo_country: ['MEX'] }, { geo_zip: [''] }, { domain_list: [{ name: 'News' }] }],
  },
  {
    name: 'billing log',
    schema: ZBillingLog,
    valid: {
      bgCampaignId: 'bg-campaign-q1',
      date: at,
      type: 'charge',
      invoice: 'in_123',
      source: 'stripe',
      amount: 42.1,
      bgAdvertiserId: 'bgAdvertiser-acme',
      cardLast4: '4242',
    },
    invalid: [{ date: '2026-11-25' }, { cardLast4: '42424' }, { amount: '42.10' }],
  },
  {
    name: 'invoice',
    schema: ZInvoice,
    valid: {
      id: 'inv-1',
      sentAt: at,
      recipientEmail: 'billing@acme.example',
      source: 'stripe',
      subject: 'Invoice',
      body: '<p>Invoice</p>',
      bgAdvertiserId: 'bgAdvertiser-acme',
      chargeAmount: 10,
    },
    invalid: [{ recipientEmail: 'acme' }, { chargeAmount: -1 }, { id: '' }],
  },
  {
    name: 'invoice facts',
    schema: ZInvoiceFacts,
    valid: {
      invoiceId: 'bginv-1',
      advertiserName: 'Acme',
      bgAdvertiserId: 'bgAdvertiser-acme',
      billingEmail: 'billing@acme.example',
      periodFrom: null,
      periodTo: '2026-11-24',
      chargedAt: at,
      cardBrand: 'visa',
      cardLast4: '4242',
      statementDescriptor: 'BIDGRID ACME',
      lines: [{ campaignName: 'Q1', bgCampaignId: 'bg-campaign-q1', amountCents: 1000 }],
      totalCents: 1000,
    },
    invalid: [{ totalCents: 10.5 }, { currency: 'EUR' }, { lines: [{ campaignName: 'Q1', amountCents: -1 }] }],
  },
  {
    name: 'segments log entry',
    schema: ZSegmentsLogEntry,
    valid: { subdomain: 'www.acme.example', originalDomains: ['acme.example'], ipSegment: '198.51.100.0/24', date: at },
    invalid: [{ originalDomains: 'acme.example' }, { ipSegment: '' }],
  },
  {
    name: 'payment save',
    schema: ZPaymentSave,
    valid: {
      bgAdvertiserId: 'bgAdvertiser-acme',
      billingEmail: 'billing@acme.example',
      friendlyName: 'Main',
      method: 'pm_123',
    },
    invalid: [{ method: 'tok_123' }, { billingEmail: 'x' }, { friendlyName: ' ' }],
  },
  {
    name: 'campaign creation payload',
    schema: ZCampaignCreate,
    valid: {
      bgCampaignId: 'bg-campaign-new',
      beeswaxCampaign: bidderCampaign,
      max_bid: 25,
      bgAdvertiserId: 'bgAdvertiser-acme',
      creativeIds: ['bgCreative-1'],
      name: 'New',
      targetingInfo: { geo_zip: ['62701'] },
      foundCompanyInfo: {
        companies: [
          {
            domain: 'globex.example',
            include: true,
            domainInfo: { domain: 'globex.example', ipSegments: ['203.0.113.0/24'] },
          },
        ],
        fromFile: true,
      },
      isVideoCampaign: false,
      campaignType: 'managed',
    },
    invalid: [
      { creativeIds: [] },
      { campaignType: 'abm' },
      { bgCampaignId: 'bgCreative-1' },
      { max_bid: 12.345 },
      { max_bid: Number.POSITIVE_INFINITY },
      {
        beeswaxCampaign: { ...bidderCampaign, campaign_budget: 1e308, dailyBudget: 1e308 },
      },
      {
        beeswaxCampaign: { ...bidderCampaign, campaign_budget: 300.001 },
      },
      {
        beeswaxCampaign: { ...bidderCampaign, end_date: '2026-12-01' },
      },
    ],
  },
  {
    name: 'campaign template',
    schema: ZCampaignTemplate,
    valid: {
      id: '0b8a6f2e-1c1d-4f7a-9a56-6b7f8e9d0c1b',
      agencyId: 'bgAgency-demo',
      createdBy: 'demo',
      templateName: 'Quarterly ABM',
      templateSteps: ['target companies', 'role titles'],
      dailyBudget: 10,
      maxBid: 20,
      bgAdvertiserId: 'bgAdvertiser-acme',
      name: 'Quarterly',
      roleTitles: [{ roleTypeId: '1', roleId: '7' }],
      isVideoCampaign: false,
      createdAt: '2026-11-25T12:00:00.000Z',
      updatedAt: '2026-11-25T12:00:00.000Z',
    },
    invalid: [
      { templateSteps: ['targets'] },
      { templateName: '' },
      { selectedAdGroupTemplate: 'bg-ad-group-1' },
      { dailyBudget: 1e308 },
      { dailyBudget: 10.005 },
      { maxBid: 100.5 },
      { estimatedBudget: 20_000_000 },
    ],
  },
  {
    name: 'geo option',
    schema: ZGeoOption,
    valid: { key: 'USA-IL', region_name: 'Illinois', country_code_2: 'US', country_code_3: 'USA' },
    invalid: [{ country_code_2: 'USA' }, { country_code_3: 'MEX' }],
  },
  {
    name: 'domain list',
    schema: ZDomainList,
    valid: {
      domainListId: 'dl-1',
      beeswaxListId: 51,
      bgAdvertiserId: 'bgAdvertiser-acme',
      name: 'News',
      createdAt: at,
      domains: [{ bgItemId: 'item-1', domain: 'news.example', active: true, createdAt: at }],
    },
    invalid: [{ domains: [{ domain: 'news.example' }] }, { beeswaxListId: -3 }],
  },
  {
    name: 'public list',
    schema: ZPublicList,
    valid: {
      id: 'pl-1',
      listType: 'SPLIT',
      name: 'Business press',
      createdAt: at,
      domainLists: [
        {
          beeswaxListId: 61,
          name: 'wsj.example',
          createdAt: at,
          publicPublications: [{ domain: 'wsj.example', beeswaxListItemId: 71, beeswaxListId: 61, bgItemId: 'item-9' }],
        },
      ],
    },
    invalid: [{ listType: 'MULTI' }],
  },
  {
    name: 'retargeting segment',
    schema: ZRetargetingSegment,
    valid: { segment_key: 'seg-1', segment_name: 'Visitors', create_date: at, tag: '<img src="https://px.example/1">' },
    invalid: [{ segment_key: '' }, { create_date: 'yesterday' }],
  },
  {
    name: 'playbook',
    schema: ZPlaybook,
    valid: {
      id: 'pb-1',
      icon: 'rocket',
      title: 'Launch',
      description: ['Reach buyers'],
      campaignSteps: [{ name: 'select advertiser', order: 1, label: 'Select Advertiser' }],
    },
    invalid: [{ icon: 'star' }, { campaignSteps: [{ name: 'pick advertiser', order: 1, label: 'x' }] }],
  },
  {
    name: 'company row',
    schema: ZCompanyRow,
    valid: { domain: 'globex.example', include: false },
    invalid: [{ include: 'no' }, { domainInfo: { domain: 'globex.example', ipSegments: [] } }],
  },
  {
    name: 'session',
    schema: ZSession,
    valid: { isAuthenticated: true, session: { accessToken: 'a.b.c', idToken: 'd.e.f' }, isLoading: false },
    invalid: [{ session: { accessToken: '' } }, { isLoading: 'no' }],
  },
  {
    name: 'CRM campaign',
    schema: ZCrmCampaign,
    valid: { bgCampaignId: 'bg-campaign-q1', name: 'Q1', active: false },
    invalid: [{ bgCampaignId: 'q1' }, { active: 'false' }],
  },
];

describe.each(CASES)('$name', ({ schema, valid, invalid }) => {
  it('parses a valid sample', () => {
    expect(schema.safeParse(valid).error).toBeUndefined();
  });

  it.each(invalid.map((change) => [JSON.stringify(change), change] as const))('refuses %s', (_label, change) => {
    expect(schema.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});

describe('budgets and bids', () => {
  it('bounds the edit body: finite, whole cents, a daily budget up to $10,000,000, a bid up to $100', () => {
    const ok = (updateBody: Record<string, unknown>) => ZCampaignDetailsUpdate.safeParse(updateBody).success;
    expect(ok({ daily_budget: 10_000_000, max_bid: 100 })).toBe(true);
    expect(ok({ daily_budget: 19.99, campaign_budget: 0.3 })).toBe(true);
    expect(ok({ daily_budget: 1e308 })).toBe(false);
    expect(ok({ daily_budget: 10_000_000.01 })).toBe(false);
    expect(ok({ daily_budget: 10.005 })).toBe(false);
    expect(ok({ daily_budget: 1e-9 })).toBe(false);
    expect(ok({ campaign_budget: 1e308 })).toBe(false);
    expect(ok({ max_bid: 12.345 })).toBe(false);
  });
});

describe('defaults', () => {
  it('fills report values the bidder left out with null (N/A)', () => {
    // Act
    const row = ZLineItemReport.parse({ beeswaxLineItemId: 41, impressions: 5 });
    // Assess
    expect(row.impressions).toBe(5);
    expect(row.reach).toBeNull();
    expect(row.segment_count_nam).toBeNull();
  });

  it('starts a campaign draft empty, with a fresh campaign id and the spec defaults', () => {
    // Act
    const first = newCampaignDraft();
    const second = newCampaignDraft();
    // Assess
    expect(first.basicDetails.bgCampaignId).toMatch(/^bg-campaign-/);
    expect(first.basicDetails.bgCampaignId).not.toBe(second.basicDetails.bgCampaignId);
    expect(first.basicDetails.maxBid).toBe(25);
    expect(first.basicDetails.estimatedBudget).toBe(0);
    expect(first.adGroupToCreate).toEqual({ name: '', description: '', adGroupType: 'image' });
    expect(first.companySortValues).toEqual({ tier_values: [] });
  });

  it('reads a stored draft back whole', () => {
    // Prepare
    const draft = newCampaignDraft();
    draft.selectedZipCodes = ['62701'];
    draft.basicDetails.name = 'Q1';
    // Act
    const restored = ZCampaignDraft.parse(JSON.parse(JSON.stringify(draft)));
    // Assess
    expect(restored).toEqual(draft);
  });
});

describe('line-item metrics', () => {
  it('lists the default-shown metrics first, then the hidden ones, each once', () => {
    expect(LINE_ITEM_DEFAULT_METRICS).toEqual(['impressions', 'clicks', 'conversions', 'spend', 'segment_count_nam']);
    expect(LINE_ITEM_METRICS).toHaveLength(LINE_ITEM_DEFAULT_METRICS.length + LINE_ITEM_HIDDEN_METRICS.length);
    expect(new Set(LINE_ITEM_METRICS).size).toBe(LINE_ITEM_METRICS.length);
    expect(LINE_ITEM_HIDDEN_METRICS).toHaveLength(31);
  });

  it('has a sort kind from the metric math for every metric but the bidder-given segment count', () => {
    const withoutKind = LINE_ITEM_METRICS.filter((metric) => !Object.hasOwn(METRIC_KINDS, metric));
    expect(withoutKind).toEqual(['segment_count_nam']);
  });
});

describe('CRM e-mail segments', () => {
  it("takes a name only as long as 'Hashed Emails for {name}' fits the bidder's segment name limit", () => {
    // Prepare
    const longest = 'n'.repeat(MAX_SEGMENT_NAME - 'Hashed Emails for '.length);
    const body = (name: string) => ({
      advertiserId: 'bgAdvertiser-demo-acme',
      name,
      emailsToHash: [{ domain: 'acme.example', emails: ['ann@acme.example'] }],
    });

    // Act
    const fits = ZEmailSegmentCreate.safeParse(body(longest));
    const tooLong = ZEmailSegmentCreate.safeParse(body(`${longest}n`));

    // Assess
    expect(fits.success).toBe(true);
    expect(hashedEmailsName(longest)).toHaveLength(MAX_SEGMENT_NAME);
    expect(tooLong.success).toBe(false);
  });
});
