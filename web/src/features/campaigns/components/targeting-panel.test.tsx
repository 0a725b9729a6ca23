import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TGeoOption } from '@bidgrid/shared/targeting/geo-option.schema';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { TargetingPanel } from './targeting-panel';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

const region = (country_code_3: 'USA' | 'CAN', region_name: string): TGeoOption => ({
  key: `${country_code_3}-${region_name}`,
  region_name,
  country_code_2: country_code_3 === 'USA' ? 'US' : 'CA',
  country_code_3,
});
/** The regions the State/Province step offers: three here for the United States, two for Canada. */
const REGIONS = [
  region('USA', 'California'),
  region('USA', 'Ohio'),
  region('USA', 'Texas'),
  region('CAN', 'Ontario'),
  region('CAN', 'Quebec'),
];

describe('Campaign Targeting Selections', () => {
  it('shows a country chosen whole as one line and names the regions of a country chosen in part', async () => {
    // Prepare
    const api = createFakeApi({
      getCampaignTargetingSelections: () => ({
        payload: {
          domain_list: [],
          geo_country: ['USA', 'CAN'],
          geo_state: [
            { country_code_3: 'USA', region_name: 'Texas' },
            { country_code_3: 'USA', region_name: 'Ohio' },
            { country_code_3: 'USA', region_name: 'California' },
            { country_code_3: 'CAN', region_name: 'Quebec' },
          ],
          geo_zip: [],
          role_title_segments: [],
          retargeting_segments: [],
        },
      }),
      listGeoOptions: () => ({ payload: REGIONS }),
    });

    // Act
    renderWithApi(api, <TargetingPanel bgCampaignId="bg-campaign-spring" />, {
      path: '/advertisers/bgAdvertiser-acme',
      session,
    });

    // Assess: 'United States: all 3' on one line, not three; Canada's one region under its name.
    const table = await screen.findByRole('table', { name: 'Campaign Targeting Selections' });
    const geo = within(table).getAllByRole('cell')[1] as HTMLElement;
    expect(await within(geo).findByText('United States: all 3')).toBeInTheDocument();
    expect(within(geo).queryByText('Texas')).not.toBeInTheDocument();
    expect(within(geo).getByText('Canada')).toBeInTheDocument();
    expect(
      within(geo)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Quebec']);
  });

  it('asks for no regions when the campaign targets none', async () => {
    // Prepare
    const api = createFakeApi({
      getCampaignTargetingSelections: () => ({
        payload: {
          domain_list: [],
          geo_country: [],
          geo_state: [],
          geo_zip: ['10001'],
          role_title_segments: [],
          retargeting_segments: [],
        },
      }),
      listGeoOptions: () => ({ payload: REGIONS }),
    });

    // Act
    renderWithApi(api, <TargetingPanel bgCampaignId="bg-campaign-spring" />, {
      path: '/advertisers/bgAdvertiser-acme',
      session,
    });

    // Assess
    const table = await screen.findByRole('table', { name: 'Campaign Targeting Selections' });
    expect(within(table).getByText('10001')).toBeInTheDocument();
    expect(api.callsOf('listGeoOptions')).toEqual([]);
  });
});
