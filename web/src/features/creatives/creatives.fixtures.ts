import {
  ZAdGroup,
  ZAdGroupTemplate,
  type TAdGroup,
  type TAdGroupTemplate,
} from '@bidgrid/shared/entities/ad-group.schema';
import { ZAdvertiser, type TAdvertiser } from '@bidgrid/shared/entities/advertiser.schema';
import {
  ZCreative,
  ZCreativeTemplate,
  type TCreative,
  type TCreativeTemplate,
} from '@bidgrid/shared/entities/creative.schema';

/** Test data of the creatives feature, parsed by the shared schemas so a fixture is always a valid reply. */
export function makeAdvertiser(overrides: Partial<TAdvertiser> = {}): TAdvertiser {
  return ZAdvertiser.parse({
    bgAdvertiserId: 'bgAdvertiser-acme',
    beeswaxAdvertiserId: 42,
    name: 'Acme',
    createdBy: 'demo',
    createdAt: '2026-01-01T09:00:00.000Z',
    domain: 'acme.example',
    address_1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    parentAgencyId: 'bgAgency-demo',
    category: 'IAB3',
    hubspot_authed: false,
    hubspot_portal_id: null,
    paymentMethod: { card: { last4: '4242', brand: 'visa' } },
    ...overrides,
  });
}

export function makeAdGroup(overrides: Partial<TAdGroup> = {}): TAdGroup {
  return ZAdGroup.parse({
    adGroupId: 'bg-ad-group-summer',
    bgAdvertiserId: 'bgAdvertiser-acme',
    bgCampaignId: 'bg-campaign-summer',
    createdBy: 'demo',
    name: 'Summer banners',
    adGroupType: 'image',
    createdAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  });
}

export function makeAdGroupTemplate(overrides: Partial<TAdGroupTemplate> = {}): TAdGroupTemplate {
  return ZAdGroupTemplate.parse({
    id: 'bg-ad-group-template-evergreen',
    bgAdvertiserId: 'bgAdvertiser-acme',
    createdBy: 'demo',
    name: 'Evergreen banners',
    description: 'Always-on display set',
    adGroupType: 'image',
    createdAt: '2026-10-01T10:00:00.000Z',
    ...overrides,
  });
}

export function makeCreativeTemplate(overrides: Partial<TCreativeTemplate> = {}): TCreativeTemplate {
  return ZCreativeTemplate.parse({
    id: 'bg-creative-template-leaderboard',
    adGroupTemplateId: 'bg-ad-group-template-evergreen',
    creativeTemplateSrc: 'https://assets.example/templates/leaderboard.png',
    creativeType: 'image/png',
    name: 'leaderboard.png',
    description: 'Top of page',
    height: 90,
    width: 728,
    size_in_bytes: 42_000,
    ...overrides,
  });
}

export function makeCreative(overrides: Partial<TCreative> = {}): TCreative {
  return ZCreative.parse({
    bgCreativeId: 'bgCreative-banner',
    beeswaxCreativeId: 801,
    adGroupId: 'bg-ad-group-summer',
    bgAdvertiserId: 'bgAdvertiser-acme',
    name: 'banner.png',
    height: 250,
    width: 300,
    creativeType: 'image/png',
    creativeSrc: 'https://assets.example/banner.png',
    size: 1_000,
    createdAt: '2026-11-26T10:05:00.000Z',
    click_url: 'https://acme.example/summer',
    ...overrides,
  });
}
