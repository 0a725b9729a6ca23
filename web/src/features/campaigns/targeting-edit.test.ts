import { describe, expect, it } from 'vitest';
import type { TCampaignTargetingEdit } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import { ZCampaignActivity } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import {
  activityLines,
  changeOf,
  companiesShown,
  parseDomains,
  resultText,
  selectedRegionKeys,
} from './targeting-edit';

const TEXAS: TGeoOption = { key: 'US-TX', region_name: 'Texas', country_code_2: 'US', country_code_3: 'USA' };
const ONTARIO: TGeoOption = { key: 'CA-ON', region_name: 'Ontario', country_code_2: 'CA', country_code_3: 'CAN' };

const edit: TCampaignTargetingEdit = {
  bgCampaignId: 'bg-campaign-q3',
  revision: 3,
  targeting: ZTargetingSelections.parse({
    geo_country: ['USA'],
    geo_state: [{ country_code_3: 'USA', region_name: 'Texas' }],
    role_title_segments: [{ role_name: 'CFO', segment_key: 'seg-cfo' }],
  }),
  companies: Array.from({ length: 25 }, (_, i) => ({
    beeswaxLineItemId: 100 + i,
    name: `Company ${i}`,
    domain: `company${i}.example`,
  })),
  hasCompanyLayer: true,
  maxCompanies: null,
  readOnly: false,
};

describe('targeting edit helpers', () => {
  it('finds the stored regions among the options, by key or by country and name', () => {
    // Act
    const keys = selectedRegionKeys(edit.targeting, [TEXAS, ONTARIO]);

    // Assess
    expect(keys).toEqual(['US-TX']);
  });

  it('reads typed domains one a line or comma-separated, trimmed, once each', () => {
    // Act
    const domains = parseDomains(' acme.com\r\nglobex.example, acme.com\n\n');

    // Assess
    expect(domains).toEqual(['acme.com', 'globex.example']);
  });

  it('shows at most 20 companies, filtered by name or domain', () => {
    // Act
    const all = companiesShown(edit.companies, '');
    const found = companiesShown(edit.companies, 'COMPANY2');

    // Assess
    expect(all.rows).toHaveLength(20);
    expect(all.more).toBe(5);
    expect(found.rows.map((c) => c.domain)).toEqual([
      'company2.example',
      'company20.example',
      'company21.example',
      'company22.example',
      'company23.example',
      'company24.example',
    ]);
  });

  it('builds the change on the read revision, keeping the other layers and deriving the countries', () => {
    // Act
    const change = changeOf(edit, {
      regionKeys: ['CA-ON'],
      regions: [TEXAS, ONTARIO],
      zips: ['10001'],
      domains: ['acme.com'],
      removeIds: [101],
    });

    // Assess
    expect(change).toEqual({
      bgCampaignId: 'bg-campaign-q3',
      revision: 3,
      addDomains: ['acme.com'],
      removeLineItemIds: [101],
      layers: {
        targetingInfo: expect.objectContaining({
          geo_country: ['CAN'],
          geo_state: [{ country_code_3: 'CAN', region_name: 'Ontario', key: 'CA-ON' }],
          geo_zip: ['10001'],
          role_title_segments: [{ role_name: 'CFO', segment_key: 'seg-cfo' }],
        }),
        publicDomainLists: [],
      },
    });
  });

  it('says what a change did, and what an activity entry changed', () => {
    // Prepare
    const entry = ZCampaignActivity.parse({
      id: 'a1',
      bgCampaignId: 'bg-campaign-q3',
      at: '2026-11-26T10:00:00.000Z',
      username: 'demo',
      revision: 1,
      addedCompanies: [{ domain: 'hooli.example', name: 'Hooli' }],
      removedCompanies: [],
      layers: [{ layer: 'geo_zip', added: ['10001'], removed: ['10002'] }],
    });

    // Act
    const text = resultText({
      bgCampaignId: 'bg-campaign-q3',
      revision: 1,
      changed: true,
      targeting: edit.targeting,
      added: [{ beeswaxLineItemId: 1, name: 'Hooli', domain: 'hooli.example' }],
      removed: [],
      notAdded: [],
      lineItemsUpdated: 2,
    });

    // Assess
    expect(text).toBe('Targeting saved: 1 company added, 0 companies removed, 2 line items updated.');
    expect(activityLines(entry)).toEqual([
      'Added companies: Hooli (hooli.example)',
      'Zip codes: added 10001; removed 10002',
    ]);
  });
});

describe('activityLines of a CRM card addition', () => {
  it('says the company was added from the HubSpot CRM card', () => {
    // Prepare
    const entry = ZCampaignActivity.parse({
      id: 'a-2',
      bgCampaignId: 'bg-campaign-q3',
      at: '2026-11-26T10:00:00.000Z',
      username: 'rep@keystone.example',
      revision: 2,
      addedCompanies: [{ domain: 'hooli.example', name: 'Hooli' }],
      removedCompanies: [],
      layers: [],
      via: 'crm-card',
    });

    // Act
    const lines = activityLines(entry);

    // Assess
    expect(lines).toEqual(['Added companies from the HubSpot CRM card: Hooli (hooli.example)']);
  });
});
