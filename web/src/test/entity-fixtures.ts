import { ZAdGroup, type TAdGroup } from '@bidgrid/shared/ad-groups/ad-group.schema';
import { ZAdvertiser, type TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import { ZCreative, type TCreative } from '@bidgrid/shared/ad-groups/creative.schema';

/**
 * An instant at a wall time of the zone the tests run in (month 1-12). Tables show days in the reader's
 * zone, so a fixture made at 10:00 local reads as the same day everywhere: the clock suite runs the
 * tests in UTC+14 and UTC-8, where 10:00 UTC is already the next day or still the day before.
 */
export function localTime(year: number, month: number, day: number, hour: number, minute = 0): string {
  return new Date(year, month - 1, day, hour, minute).toISOString();
}

/**
 * Entities several features' tests need, as the API sends them, parsed by the shared schemas so a
 * fixture is always a valid reply. Overrides are partial; a feature's fixtures file re-exports these or
 * wraps them with the defaults its tests expect.
 */
export function makeAdvertiser(overrides: Partial<TAdvertiser> = {}): TAdvertiser {
  return ZAdvertiser.parse({
    bgAdvertiserId: 'bgAdvertiser-acme',
    beeswaxAdvertiserId: 101,
    name: 'Acme Outdoor',
    createdBy: 'demo',
    createdAt: localTime(2024, 5, 6, 10),
    domain: 'acme.example',
    address_1: '1 Main Street',
    address_2: '',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    phone: '+1 555 010 0100',
    parentAgencyId: 'bgAgency-demo',
    category: 'IAB3',
    hubspot_authed: false,
    hubspot_portal_id: null,
    paymentMethod: null,
    advertiser_card_name: null,
    billingEmail: null,
    ...overrides,
  });
}

/** An image ad group of the demo advertiser's spring campaign. */
export function makeAdGroup(overrides: Partial<TAdGroup> = {}): TAdGroup {
  return ZAdGroup.parse({
    adGroupId: 'bg-ad-group-spring',
    bgAdvertiserId: 'bgAdvertiser-acme',
    bgCampaignId: 'bg-campaign-spring',
    createdBy: 'demo',
    name: 'Spring banners',
    adGroupType: 'image',
    createdAt: localTime(2026, 1, 2, 10),
    ...overrides,
  });
}

/** A 728x90 image creative of `makeAdGroup`'s ad group, with a report row. */
export function makeCreative(overrides: Partial<TCreative> = {}): TCreative {
  return ZCreative.parse({
    bgCreativeId: 'bgCreative-leaderboard',
    beeswaxCreativeId: 801,
    adGroupId: 'bg-ad-group-spring',
    bgAdvertiserId: 'bgAdvertiser-acme',
    name: 'leaderboard.png',
    height: 90,
    width: 728,
    creativeType: 'image/png',
    creativeSrc: 'https://assets.example/leaderboard.png',
    size: 42_000,
    createdAt: localTime(2026, 1, 2, 10, 5),
    click_url: 'https://acme.example/spring',
    creativeReports: [
      { ctr: 0.5, impressions: 2000, clicks: 10, video_completes: null, video_midpoints: null, video_plays: null },
    ],
    ...overrides,
  });
}
