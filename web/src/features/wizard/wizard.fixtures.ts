import type { TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { newCampaignDraft, type TCampaignDraft } from '@bidgrid/shared/campaigns/campaign-draft.schema';
import { ZCampaign, type TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import { ZCampaignTemplate, type TCampaignTemplate } from '@bidgrid/shared/templates/campaign-template.schema';
import type { TCompanyRow } from '@bidgrid/shared/targeting/company.schema';
import { makeAdvertiser as baseAdvertiser } from '@/test/entity-fixtures';

/** An advertiser with a saved card, as the API sends it (checked against the contract). */
export const makeAdvertiser = (overrides: Partial<TAdvertiser> = {}): TAdvertiser =>
  baseAdvertiser({
    name: 'Acme Robotics',
    createdAt: '2026-01-06T10:00:00.000Z',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    paymentMethod: { card: { last4: '4242', brand: 'visa' } },
    advertiser_card_name: 'Acme Visa',
    ...overrides,
  });

/** A campaign as `campaignCreated` answers it. */
export function makeCampaign(overrides: Partial<TCampaign> = {}): TCampaign {
  return ZCampaign.parse({
    bgCampaignId: 'bg-campaign-summer',
    beeswaxCampaignId: 5001,
    bgAdvertiserId: 'bgAdvertiser-acme',
    agencyId: 'bgAgency-demo',
    name: 'Summer push',
    description: '',
    active: false,
    archived: false,
    start_date: '2026-12-01',
    end_date: '2026-12-11',
    daily_budget: 50,
    campaign_budget: 500,
    maxBid: 25,
    showInHubspot: false,
    isVideoCampaign: false,
    pixel_event_id: 'px-77',
    conversion_tag_url: 'https://bidder.example/px/77?order=[ORDER]',
    createdBy: 'demo',
    ...overrides,
  });
}

export const matchedRow = (domain: string, include = true): TCompanyRow => ({
  domain,
  include,
  domainInfo: { domain, companyName: domain.split('.')[0] ?? domain, ipSegments: ['198.18.0.0/24'] },
});
export const unmatchedRow = (domain: string): TCompanyRow => ({ domain, include: false });

/** A draft whose every step is done (advertiser with a card, details, landing page, ad group). */
export function finishedDraft(overrides: Partial<TCampaignDraft> = {}): TCampaignDraft {
  const draft = newCampaignDraft();
  return {
    ...draft,
    selectedAdvertiser: makeAdvertiser(),
    basicDetails: {
      ...draft.basicDetails,
      bgCampaignId: 'bg-campaign-summer',
      name: 'Summer push',
      description: 'Q4 accounts',
      mediaType: 'display',
      dailyBudget: 50,
      maxBid: 25,
      startDate: '2026-12-01',
      endDate: '2026-12-11',
      estimatedBudget: 500,
    },
    landingPage: 'https://acme.example/summer',
    createdAdGroup: {
      adGroupId: 'bg-ad-group-summer',
      name: 'Summer banners',
      adGroupType: 'image',
      adGroupTemplateId: 'bg-ad-group-template-summer',
      creativeIds: ['bgCreative-1', 'bgCreative-2'],
    },
    ...overrides,
  };
}

/** A campaign template as the API sends it. */
export function makeTemplate(overrides: Partial<TCampaignTemplate> = {}): TCampaignTemplate {
  return ZCampaignTemplate.parse({
    id: 'tpl-1',
    agencyId: 'bgAgency-demo',
    createdBy: 'demo',
    templateName: 'Evergreen ABM',
    selectedAdvertiser: { bgAdvertiserId: 'bgAdvertiser-acme', beeswaxAdvertiserId: 101, name: 'Acme Robotics' },
    templateSteps: ['target companies', 'zip codes'],
    advertiser_id: 101,
    dailyBudget: 40,
    maxBid: 20,
    bgAdvertiserId: 'bgAdvertiser-acme',
    name: 'Evergreen campaign',
    isVideoCampaign: true,
    startDate: '2026-12-01',
    endDate: '2026-12-06',
    landingPage: 'https://acme.example/evergreen',
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...overrides,
  });
}

/** A video ad-group template of Acme, as a template's `selectedAdGroupTemplate` fetch answers it. */
export const WINTER_AD_GROUP_TEMPLATE: TAdGroupTemplate = {
  id: 'bg-ad-group-template-winter',
  bgAdvertiserId: 'bgAdvertiser-acme',
  createdBy: 'demo',
  name: 'Winter banners',
  description: '',
  adGroupType: 'video',
  createdAt: '2026-11-01T10:00:00.000Z',
};
