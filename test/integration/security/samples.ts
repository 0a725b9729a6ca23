import { billing, template, type TCampaignTemplate } from '@bidgrid/shared';
import { accessTokenFor, callOperation } from '../../support/api';

/**
 * One sample request per implemented `/api` operation, aimed at the DEMO agency's seeded data, used
 * by the security walk: called with the RIVAL agency's token it must answer 404 (`expect: 404`), or,
 * for calls that name no resource (lists, the caller's own records), succeed without a single demo id
 * in the reply (`expect: 'no-leak'`). The walk fails for an implemented operation missing here, so a
 * new handler cannot land without its tenant check being exercised.
 */
export interface SecuritySample {
  /** Path parameters, or how to find them (an id the seed does not fix, such as an invoice's). */
  params?: Record<string, string> | (() => Promise<Record<string, string>>);
  query?: Record<string, string>;
  /** The body, or how to make it (one naming an id the seed does not fix). */
  body?: unknown;
  makeBody?: () => Promise<unknown>;
  /** 404 (another agency's resource), 403 (not for agency users at all) or 'no-leak' (200, own data only). */
  expect: 404 | 403 | 'no-leak';
}

/** Ids the local seed gives the demo agency; none may ever reach the rival. */
export const DEMO_IDS = {
  agencyId: 'bgAgency-demo',
  advertiserWithCard: 'bgAdvertiser-demo-acme',
  advertiserWithCrm: 'bgAdvertiser-demo-bluepeak',
  advertiserPlain: 'bgAdvertiser-demo-northwind',
  advertiserLongName: 'bgAdvertiser-demo-cedarline',
  billedCampaign: 'bg-campaign-demo-enterprise',
  // Campaigns dashboard (issue 6): a running display campaign, its ad group and a creative, and the
  // sales-enabled campaign of the CRM-connected advertiser.
  campaign: 'bg-campaign-demo-enterprise',
  videoCampaign: 'bg-campaign-demo-video',
  salesEnabledCampaign: 'bg-campaign-demo-bluepeak-abm',
  adGroup: 'bg-ad-group-demo-enterprise',
  creative: 'bgCreative-demo-enterprise-1',
  adGroupTemplate: 'bg-ad-group-template-demo-evergreen',
} as const;

/** The id of the demo agency's newest invoice, as the demo user lists it. */
async function demoInvoiceId(): Promise<string> {
  const reply = await callOperation(billing.listSentInvoices, {
    token: await accessTokenFor('demo'),
    query: { limit: 1 },
  });
  const [invoice] = billing.listSentInvoices.response.parse(reply.body.payload);
  if (!invoice) throw new Error('The demo agency has no invoice');
  return invoice.id;
}

let demoRoleTemplate: Promise<TCampaignTemplate> | undefined;
/** A campaign template the demo user saves with a role, saved once a run (templates are not seeded). */
function demoTemplate(): Promise<TCampaignTemplate> {
  demoRoleTemplate ??= (async () => {
    const reply = await callOperation(template.createCampaignTemplate, {
      token: await accessTokenFor('demo'),
      body: {
        templateName: 'Security walk roles',
        templateSteps: ['role titles'],
        dailyBudget: 10,
        maxBid: 5,
        bgAdvertiserId: DEMO_IDS.advertiserWithCard,
        name: 'Security walk roles',
        isVideoCampaign: false,
        roleTitles: [{ roleTypeId: 'IT', roleId: 'IT-CTO' }],
      },
    });
    const saved = reply.body.payload;
    if (!saved) throw new Error(`The demo template was not saved: ${reply.status}`);
    return saved;
  })();
  return demoRoleTemplate;
}

/** The id of the demo user's template. */
const demoRoleTemplateId = async (): Promise<string> => (await demoTemplate()).id;

/** A valid creative form (001 §7 fields) aimed at the demo agency's ad group. */
const DEMO_CREATIVE_FORM = {
  name: 'Security walk creative',
  description: '',
  size: '1000',
  mimetype: 'image/png',
  width: '300',
  height: '250',
  advertiser_id: '1',
  bg_advertiser_id: DEMO_IDS.advertiserWithCard,
  click_url: 'https://rival-agency.example/',
  adGroupId: DEMO_IDS.adGroup,
  bgCampaignId: DEMO_IDS.campaign,
  sourceUrl: 'https://rival-agency.example/banner.png',
};

export const SAMPLES: Record<string, SecuritySample> = {
  // The path names the demo user, yet the caller only ever gets their own agency.
  getAgencyAssignedToUser: { params: { username: 'demo' }, expect: 'no-leak' },
  getPlaybooks: { expect: 'no-leak' },

  // Advertisers (000 §7).
  getAdvertiser: { params: { id: DEMO_IDS.advertiserWithCard }, expect: 404 },
  // Ours (issue 15): the advertiser page's first screen, asked for a demo campaign too.
  getAdvertiserPageFirstScreen: {
    params: { id: DEMO_IDS.advertiserWithCard },
    query: { timeFrame: '30_DAYS', campaignId: DEMO_IDS.campaign },
    expect: 404,
  },
  // The path names the demo agency; the caller gets their own agency's advertisers.
  listAdvertisersByAgency: { params: { agencyId: DEMO_IDS.agencyId }, expect: 'no-leak' },
  // A demo advertiser's id in the body is not kept (readable ids are never taken from clients).
  createAdvertiser: {
    body: {
      name: 'Security walk advertiser',
      phone: '+1 512 555 0100',
      address_1: '1 Walk St',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      domain: 'security-walk.example',
      bgAdvertiserId: DEMO_IDS.advertiserWithCard,
      parentAgencyId: DEMO_IDS.agencyId,
      createdBy: 'demo',
      category: 'IAB3',
    },
    expect: 'no-leak',
  },
  listAdvertiserCategories: { expect: 'no-leak' },
  // The regions of the State/Province step: the same list for everyone.
  listGeoOptions: { expect: 'no-leak' },
  // The Role/Title catalogue: public, the same for everyone; a demo user's template's roles: 404.
  listRoleTitles: { expect: 'no-leak' },
  getCampaignTemplateRoleTitles: { params: async () => ({ id: await demoRoleTemplateId() }), expect: 404 },
  listAdvertiserBillingLogs: { params: { advertiserId: DEMO_IDS.advertiserWithCard }, expect: 404 },

  // Invoices and billing logs: the body's username names the demo user, the token decides.
  listSentInvoices: { body: { username: 'demo' }, expect: 'no-leak' },
  // One of the demo agency's invoices, with its body (invoice ids derive from the charge, so it is looked up).
  getSentInvoice: { params: async () => ({ id: await demoInvoiceId() }), expect: 404 },
  listAllBillingLogs: { body: { username: 'demo' }, expect: 'no-leak' },
  listBillingLogsByUsername: { body: { username: 'demo' }, expect: 'no-leak' },
  // Internal staff only: an agency user is refused whatever the body says.
  listSegmentsLogs: { body: { username: 'ops-admin' }, expect: 403 },

  // Payment card.
  createCardSetupIntent: { query: { advertiserId: DEMO_IDS.advertiserWithCard }, expect: 404 },
  saveAdvertiserCard: {
    body: {
      bgAdvertiserId: DEMO_IDS.advertiserWithCard,
      billingEmail: 'attacker@rival-agency.example',
      friendlyName: 'Not mine',
      method: 'pm_card_visa',
    },
    expect: 404,
  },

  // CRM connection.
  getHubspotAuthUrl: { params: { advertiserId: DEMO_IDS.advertiserWithCrm }, expect: 404 },
  saveHubspotTokens: {
    body: { code: 'stolen-code', state: 'forged.state', bgAdvertiserId: DEMO_IDS.advertiserWithCrm },
    expect: 404,
  },
  deleteHubspotTokens: { body: { bgAdvertiserId: DEMO_IDS.advertiserWithCrm }, expect: 404 },

  // Campaigns dashboard (000 §7): every read and change names a demo campaign, ad group or creative.
  getCampaign: { params: { id: DEMO_IDS.campaign }, expect: 404 },
  listCampaignsByAdvertiser: { params: { advertiserId: DEMO_IDS.advertiserWithCard }, expect: 404 },
  getCampaignDailyReport: {
    params: { id: DEMO_IDS.advertiserWithCard },
    query: { date: '2026-01-15', camapign_id: DEMO_IDS.campaign },
    expect: 404,
  },
  getCampaignTargetingSelections: { params: { id: DEMO_IDS.campaign }, expect: 404 },
  // Targeting that stays editable after launch (issue 12): the editor's start, the activity log.
  getCampaignTargetingEdit: { params: { id: DEMO_IDS.campaign }, expect: 404 },
  listCampaignActivity: { params: { id: DEMO_IDS.campaign }, expect: 404 },
  updateCampaignDetails: {
    body: { bgCampaignId: DEMO_IDS.campaign, beeswaxCampaignId: 1, updateBody: { name: 'Taken over' } },
    expect: 404,
  },
  archiveCampaign: { body: { bgCampaignId: DEMO_IDS.videoCampaign, updateBody: { archived: true } }, expect: 404 },
  updateCampaignStatus: {
    body: { bgCampaignId: DEMO_IDS.campaign, beeswaxCampaignId: 1, updateBody: { active: false } },
    expect: 404,
  },
  getLineItemsReport: { query: { bgCampaignId: DEMO_IDS.campaign, timeFrame: '30_DAYS' }, expect: 404 },
  getLineItemsDailyReport: { query: { bgCampaignId: DEMO_IDS.campaign, date: '2026-01-15' }, expect: 404 },
  getCreativesReport: { query: { adGroupId: DEMO_IDS.adGroup }, expect: 404 },
  getCreativesDailyReport: { query: { adGroupId: DEMO_IDS.adGroup, date: '2026-01-15' }, expect: 404 },
  getCampaignDelivery: { query: { bgCampaignId: DEMO_IDS.campaign, timeFrame: '7_DAYS' }, expect: 404 },
  // Bidder ids follow the seed's order: six advertisers, the enterprise campaign (7), its line items (8-13).
  updateLineItemStatus: { body: { beeswaxLineItemId: 12, active: false }, expect: 404 },
  listAdGroupsByCampaign: { params: { id: DEMO_IDS.campaign }, expect: 404 },
  getAdGroup: { params: { id: DEMO_IDS.adGroup }, expect: 404 },
  listCreativesByAdGroup: { params: { id: DEMO_IDS.adGroup }, expect: 404 },
  updateCreativesLandingPage: {
    body: { adGroupId: DEMO_IDS.adGroup, landingPage: 'https://rival-agency.example/' },
    expect: 404,
  },
  deleteAdGroup: { body: { adGroupId: DEMO_IDS.adGroup }, expect: 404 },
  deleteCreative: { body: { bgCreativeId: DEMO_IDS.creative, beeswaxCreativeId: 1 }, expect: 404 },
  createAdGroup: {
    body: {
      bgAdvertiserId: DEMO_IDS.advertiserWithCard,
      bgCampaignId: DEMO_IDS.campaign,
      name: 'Security walk ad group',
      adGroupType: 'image',
    },
    expect: 404,
  },
  getCreativeUploadUrl: {
    query: { bgAdvertiserId: DEMO_IDS.advertiserWithCard, fileName: 'walk.png', mimetype: 'image/png', size: '1000' },
    expect: 404,
  },
  listAdGroupTemplates: { params: { advertiserId: DEMO_IDS.advertiserWithCard }, expect: 404 },
  getAdGroupTemplate: { params: { id: DEMO_IDS.adGroupTemplate }, expect: 404 },
  listCreativeTemplatesByAdGroupTemplate: { params: { id: DEMO_IDS.adGroupTemplate }, expect: 404 },
  uploadCreative: { body: DEMO_CREATIVE_FORM, expect: 404 },
  createCreative: { body: DEMO_CREATIVE_FORM, expect: 404 },
  changeCreative: { body: { ...DEMO_CREATIVE_FORM, bg_creative_id: DEMO_IDS.creative }, expect: 404 },

  // Templates (001 §7): ad-group templates under a demo advertiser, creative templates under a demo
  // ad-group template, the demo user's campaign templates, a campaign template naming demo ids.
  createAdGroupTemplate: {
    body: { bgAdvertiserId: DEMO_IDS.advertiserWithCard, name: 'Security walk template', adGroupType: 'image' },
    expect: 404,
  },
  createCreativeTemplate: {
    body: {
      adGroupTemplateId: DEMO_IDS.adGroupTemplate,
      creativeTemplateSrc: 'https://rival-agency.example/banner.png',
      creativeType: 'image/png',
      name: 'Security walk creative template',
      size: '1000',
      width: '300',
      height: '250',
    },
    expect: 404,
  },
  listCampaignTemplatesByUser: { params: { id: 'demo' }, expect: 404 },
  createCampaignTemplate: {
    body: {
      templateName: 'Security walk',
      templateSteps: [],
      dailyBudget: 10,
      maxBid: 5,
      bgAdvertiserId: DEMO_IDS.advertiserWithCard,
      name: 'Security walk',
      isVideoCampaign: false,
    },
    expect: 404,
  },
  // The demo user's own template, sent back whole as its owner would save it, and its deletion.
  updateCampaignTemplate: {
    params: async () => ({ id: await demoRoleTemplateId() }),
    makeBody: async () => ({ ...(await demoTemplate()), templateName: 'Rival was here' }),
    expect: 404,
  },
  deleteCampaignTemplate: { makeBody: async () => ({ id: await demoRoleTemplateId() }), expect: 404 },
  // The CRM-connected demo advertiser's HubSpot pages.
  listHubspotPages: { params: { id: DEMO_IDS.advertiserWithCrm }, expect: 404 },
  // Issue 12, Target Companies: the CRM-connected demo advertiser's lists, tiers, properties and companies.
  listHubspotLists: { params: { id: DEMO_IDS.advertiserWithCrm }, expect: 404 },
  getCompanySortValues: { params: { id: DEMO_IDS.advertiserWithCrm }, expect: 404 },
  getHubspotCompanyProperties: { params: { id: DEMO_IDS.advertiserWithCrm }, expect: 404 },
  searchHubspotCompanies: {
    body: {
      bgAdvertiserId: DEMO_IDS.advertiserWithCrm,
      filters: [{ propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1'] }],
    },
    expect: 404,
  },
  listHubspotCompaniesByLists: {
    body: { bgAdvertiserId: DEMO_IDS.advertiserWithCrm, hubspotListIds: ['101'] },
    expect: 404,
  },

  // Retargeting segments (001 §2): a demo advertiser's segments, and segments made for it.
  listSegmentsByAdvertiser: { params: { advertiserId: DEMO_IDS.advertiserWithCard }, expect: 404 },
  createSegment: { body: { name: 'Security walk', advertiserId: DEMO_IDS.advertiserWithCard }, expect: 404 },
  createEmailSegment: {
    body: {
      name: 'Security walk',
      advertiserId: DEMO_IDS.advertiserWithCard,
      emailsToHash: [{ domain: 'general', emails: ['walk@rival-agency.example'] }],
    },
    expect: 404,
  },

  // The creation payload names the demo agency's advertiser and creatives under a demo campaign id.
  createCampaign: {
    body: {
      bgCampaignId: 'bg-campaign-demo-walk',
      beeswaxCampaign: {
        active: false,
        advertiser_id: 1,
        budget_type: 2,
        campaign_budget: 3000,
        dailyBudget: 100,
        campaign_name: 'Security walk',
        start_date: '2099-01-01',
        end_date: '2099-01-31',
      },
      max_bid: 10,
      bgAdvertiserId: DEMO_IDS.advertiserWithCard,
      creativeIds: [DEMO_IDS.creative],
      description: '',
      name: 'Security walk',
      targetingInfo: {},
      isVideoCampaign: false,
      campaignType: 'managed',
    },
    expect: 404,
  },
  recordCampaignEvent: {
    body: { bgCampaignId: DEMO_IDS.campaign, beeswaxAdvertiserId: 1, campaignName: 'Security walk' },
    expect: 404,
  },

  // Company matching names no resource: the rival matches domains like anyone, and the reply holds
  // companies and ranges from the vendor, never a demo id.
  matchCsvCompanies: { body: { csvCompanies: ['bluepeaklogistics.com', 'Acme Corp'] }, expect: 'no-leak' },

  // Publication lists (001 §7): the demo advertiser's custom lists are not the rival's to read or grow;
  // the public catalogue is everyone's and names no agency.
  listDomainListsByAdvertiser: { params: { id: DEMO_IDS.advertiserWithCard }, expect: 404 },
  createDomainList: {
    body: { bgAdvertiserId: DEMO_IDS.advertiserWithCard, listName: 'Security walk', domains: ['cnn.com'] },
    expect: 404,
  },
  listPublicDomainLists: { expect: 'no-leak' },
};
