import { describe, expect, it } from 'vitest';
import { geoGroupLine, groupGeoStates, regionCountsOf, targetingColumns } from './targeting-columns';

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
      { country: 'United States', regions: ['California', 'Texas'], whole: false },
      { country: 'Canada', regions: ['Ontario', 'Quebec'], whole: false },
    ]);
  });

  it('says a country chosen whole in one line, and names the regions of one chosen in part', () => {
    // Prepare: the US has three regions here, Canada two.
    const option = (code3: 'USA' | 'CAN', region_name: string) => ({
      key: `${code3}-${region_name}`,
      region_name,
      country_code_2: code3 === 'USA' ? ('US' as const) : ('CA' as const),
      country_code_3: code3,
    });
    const counts = regionCountsOf([
      option('USA', 'Texas'),
      option('USA', 'Ohio'),
      option('USA', 'Utah'),
      option('CAN', 'Ontario'),
      option('CAN', 'Quebec'),
    ]);
    const selections = {
      geo_country: ['USA' as const, 'CAN' as const],
      geo_state: [
        { country_code_3: 'USA' as const, region_name: 'Utah' },
        { country_code_3: 'USA' as const, region_name: 'Texas' },
        { country_code_3: 'USA' as const, region_name: 'Ohio' },
        { country_code_3: 'CAN' as const, region_name: 'Quebec' },
      ],
    };

    // Act
    const groups = groupGeoStates(selections, counts);

    // Assess
    expect(groups.map((group) => geoGroupLine(group, (regions) => regions.join(', ')))).toEqual([
      'United States: all 3',
      'Canada: Quebec',
    ]);
    expect(groups.map((group) => group.whole)).toEqual([true, false]);
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
