import { describe, expect, it } from 'vitest';
import { ZAdvertiserForm } from './advertisers/advertiser-form.schema';
import { campaignDetailsSchema } from './campaigns/campaign-details.schema';
import { ZPublicationListCreateForm } from './lists/publication-list.schema';
import { ZSegmentForm } from './segments/segment-form.schema';
import { ZAdvertiserCreate } from './advertisers/advertiser-create.schema';
import { ZCampaignDetailsUpdate } from './campaigns/campaign.schema';
import { MAX_BIDDER_NAME, ZBidderName, ZCidr } from './common/common.schema';
import { ZDomainInfo } from './targeting/company.schema';
import { NOT_A_SEARCH_OFFSET, ZTargetedCompaniesRequest } from './crm/crm.schema';
import { ZDomainListCreate } from './lists/domain-list.schema';
import { GEO_OPTIONS, geoOptionOf, regionCodeOf } from './targeting/geo-options';
import { ZSegmentCreate } from './segments/retargeting-segment.schema';
import { NOT_A_ZIP_CODE } from './targeting/zip-codes';
import {
  NOT_A_GEO_REGION,
  ZTargetingSelectionsRequest,
  ZTargetingStateRequest,
} from './targeting/targeting-request.schema';
import { ZTargetingSelections } from './targeting/targeting.schema';

/**
 * Issue 26 §3: one bound per field, the tighter of ours and the vendor's, so the form, the API and
 * the vendor agree: a value the vendor would refuse is a field error here, never a 5xx there.
 */

const TOO_LONG = 'Use at most 255 characters';
const messagesOf = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('names that become names at the bidder', () => {
  it('take 255 characters and refuse 256, with the message the forms show', () => {
    // Act
    const longest = ZBidderName.safeParse('n'.repeat(MAX_BIDDER_NAME));
    const tooLong = ZBidderName.safeParse('n'.repeat(MAX_BIDDER_NAME + 1));

    // Assess
    expect(MAX_BIDDER_NAME).toBe(255);
    expect(longest.success).toBe(true);
    expect(messagesOf(tooLong)).toEqual([['', TOO_LONG]]);
  });

  it.each([
    ['the advertiser', ZAdvertiserCreate, 'name', {}],
    ['the campaign details', ZCampaignDetailsUpdate, 'name', {}],
    [
      'the custom list',
      ZDomainListCreate,
      'listName',
      { bgAdvertiserId: 'bgAdvertiser-a', domains: ['a.example.com'] },
    ],
    ['the segment', ZSegmentCreate, 'name', { advertiserId: 'bgAdvertiser-a' }],
  ] as const)('%s refuses a name of 300 characters on its field', (_what, schema, field, rest) => {
    // Act
    const result = schema.safeParse({ ...rest, [field]: 'n'.repeat(300) });

    // Assess
    expect(messagesOf(result)).toContainEqual([field, TOO_LONG]);
  });

  it.each([
    ['Create Advertiser', ZAdvertiserForm, 'name'],
    ['Create publication list', ZPublicationListCreateForm, 'name'],
    ['Create segment', ZSegmentForm, 'name'],
    ['campaign details', campaignDetailsSchema({ flow: 'create', now: '2026-12-01' }), 'name'],
  ] as const)('the %s form refuses a 256-character name with the same message', (_form, schema, field) => {
    // Act
    const result = (schema as { safeParse: (v: unknown) => Parameters<typeof messagesOf>[0] }).safeParse({
      [field]: 'n'.repeat(256),
    });

    // Assess
    expect(messagesOf(result)).toContainEqual([field, TOO_LONG]);
  });
});

describe('targeting values, checked against their catalog or format', () => {
  it('takes a region of the geo options by its key, or by its name without one', () => {
    // Act
    const byKey = ZTargetingStateRequest.safeParse({ country_code_3: 'USA', region_name: 'Texas', key: 'US-TX' });
    const byName = ZTargetingStateRequest.safeParse({ country_code_3: 'CAN', region_name: 'Ontario' });

    // Assess
    expect(byKey.success && byName.success).toBe(true);
    expect(GEO_OPTIONS).toHaveLength(64);
    const ontario = geoOptionOf({ country_code_3: 'CAN', region_name: 'Ontario' });
    expect(ontario && regionCodeOf(ontario)).toBe('ON');
  });

  it.each([
    [{ country_code_3: 'USA', region_name: 'Texas', key: '../../etc' }, 'key'],
    [{ country_code_3: 'CAN', region_name: 'Texas', key: 'US-TX' }, 'key'],
    [{ country_code_3: 'USA', region_name: 'US_ALL', key: 'US_ALL' }, 'key'],
    [{ country_code_3: 'USA', region_name: 'Atlantis' }, 'region_name'],
  ])('refuses %j on %s', (state, field) => {
    // Act
    const result = ZTargetingSelectionsRequest.safeParse({ geo_state: [state] });

    // Assess
    expect(messagesOf(result)).toEqual([[`geo_state.0.${field}`, NOT_A_GEO_REGION]]);
  });

  it('keeps US ZIP codes and Canadian postal codes upper-cased, and refuses anything else', () => {
    // Act
    const kept = ZTargetingSelections.parse({ geo_zip: ['78701', ' 07030-1234 ', 'k1a 0b1', 'M5V3L9'] });
    const refused = ZTargetingSelections.safeParse({ geo_zip: ['7870', '787011', 'ABC', '78701!'] });

    // Assess
    expect(kept.geo_zip).toEqual(['78701', '07030-1234', 'K1A 0B1', 'M5V3L9']);
    expect(messagesOf(refused)).toEqual([0, 1, 2, 3].map((i) => [`geo_zip.${i}`, NOT_A_ZIP_CODE]));
  });

  it("bounds a list's CPM bid like the max bid: positive, at most $100, whole cents", () => {
    // Act
    const bids = [25, 100, 0.01].map(
      (cpmBid) => ZTargetingSelections.safeParse({ domain_list: [{ beeswaxListId: 7, name: 'News', cpmBid }] }).success,
    );
    const refused = [Number.MIN_VALUE, Number.MAX_VALUE, 2 ** 53, 100.01, 0].map(
      (cpmBid) => ZTargetingSelections.safeParse({ domain_list: [{ beeswaxListId: 7, name: 'News', cpmBid }] }).success,
    );

    // Assess
    expect(bids).toEqual([true, true, true]);
    expect(refused).toEqual([false, false, false, false, false]);
  });

  it('takes IPv4 ranges in CIDR notation only', () => {
    // Act
    const valid = ['23.24.240.0/29', '0.0.0.0/0', '255.255.255.255/32'].map((r) => ZCidr.safeParse(r).success);
    const invalid = ['999.1.1.1/33', '10.0.0.0/33', '10.0.0/8', '2001:db8::/32', '10.0.0.0'].map(
      (r) => ZCidr.safeParse(r).success,
    );
    const company = ZDomainInfo.safeParse({ domain: 'acme.com', ipSegments: ['999.1.1.1/33'] });

    // Assess
    expect(valid).toEqual([true, true, true]);
    expect(invalid).toEqual([false, false, false, false, false]);
    expect(messagesOf(company)).toEqual([['ipSegments.0', 'Expected an IPv4 CIDR range like 23.24.240.0/29']]);
  });
});

describe("HubSpot's search offset", () => {
  const search = (after: string) =>
    ZTargetedCompaniesRequest.safeParse({
      bgAdvertiserId: 'bgAdvertiser-a',
      filters: [{ propertyName: 'hs_ideal_customer_profile', operator: 'IN', values: ['tier_1'] }],
      after,
    });

  it('is a whole number of 0 or more, written in digits', () => {
    // Act
    const taken = ['0', '100', '9900'].map((after) => search(after).success);
    const refused = ['-1', '1.5', '1e3', 'abc', ''].map((after) => messagesOf(search(after)));

    // Assess
    expect(taken).toEqual([true, true, true]);
    expect(refused).toEqual(Array.from({ length: 5 }, () => [['after', NOT_A_SEARCH_OFFSET]]));
  });
});
