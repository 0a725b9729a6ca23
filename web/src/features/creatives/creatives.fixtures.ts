import { ZAdGroupTemplate, type TAdGroup, type TAdGroupTemplate } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { ZCreativeTemplate, type TCreative, type TCreativeTemplate } from '@bidgrid/shared/ad-groups/creative.schema';
import {
  makeAdGroup as baseAdGroup,
  makeAdvertiser as baseAdvertiser,
  makeCreative as baseCreative,
} from '@/test/entity-fixtures';

/** Test data of the creatives feature, parsed by the shared schemas so a fixture is always a valid reply. */
export const makeAdvertiser = (overrides: Partial<TAdvertiser> = {}): TAdvertiser =>
  baseAdvertiser({
    beeswaxAdvertiserId: 42,
    name: 'Acme',
    createdAt: '2026-01-01T09:00:00.000Z',
    address_1: '1 Main St',
    paymentMethod: { card: { last4: '4242', brand: 'visa' } },
    ...overrides,
  });

/** The ad group of the summer campaign (the Ad Group step's). */
export const makeAdGroup = (overrides: Partial<TAdGroup> = {}): TAdGroup =>
  baseAdGroup({
    adGroupId: 'bg-ad-group-summer',
    bgCampaignId: 'bg-campaign-summer',
    name: 'Summer banners',
    createdAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  });

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

/** A 300x250 creative of the summer ad group, without reports. */
export const makeCreative = (overrides: Partial<TCreative> = {}): TCreative =>
  baseCreative({
    bgCreativeId: 'bgCreative-banner',
    adGroupId: 'bg-ad-group-summer',
    name: 'banner.png',
    height: 250,
    width: 300,
    creativeSrc: 'https://assets.example/banner.png',
    size: 1_000,
    createdAt: '2026-11-26T10:05:00.000Z',
    click_url: 'https://acme.example/summer',
    creativeReports: [],
    ...overrides,
  });
