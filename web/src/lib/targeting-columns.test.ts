import { describe, expect, it } from 'vitest';
import { groupGeoStates, targetingColumns } from './targeting-columns';

describe('targeting selections', () => {
  it('groups regions by country, then sorts the region names', () => {
    // Prepare
    const selections = {
      geo_country: ['CAN' as const],
      geo_state: [
        { country_code_3: 'CAN' as const, region_name: 'Quebec' },
        { country_code_3: 'USA' as const, region_name: 'Texas' },
        { country_code_3: 'USA' as const, region_name: 'California' },
        { country_code_3: 'CAN' as const, region_name: 'Ontario' },
        { country_code_3: 'USA' as const, region_name: 'Texas' },
      ],
    };

    // Act
    const groups = groupGeoStates(selections);

    // Assess
    expect(groups).toEqual([
      { country: 'United States', regions: ['California', 'Texas'] },
      { country: 'Canada', regions: ['Ontario', 'Quebec'] },
    ]);
  });

  it('names lists, roles and segments, and leaves unused layers empty', () => {
    // Prepare
    const selections = {
      domain_list: [{ beeswaxListId: 1, name: 'Finance news' }],
      geo_country: [],
      geo_state: [],
      geo_zip: [],
      role_title_segments: [{ role_name: 'CFO', segment_key: 'role-cfo' }],
      retargeting_segments: [{ segment_key: 'seg-1', segment_name: 'Pricing visitors' }, { segment_key: 'seg-2' }],
    };

    // Act
    const columns = targetingColumns(selections);

    // Assess
    expect(columns).toEqual({
      domainLists: ['Finance news'],
      geo: [],
      zipCodes: [],
      roles: ['CFO'],
      segments: ['Pricing visitors', 'seg-2'],
    });
  });
});
