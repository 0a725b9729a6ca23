import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { bodyCellTexts } from '@/test/table-texts';
import { DeliveryChart } from './delivery-chart';

configure({ asyncUtilTimeout: 5_000 });
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

describe('Delivery chart', () => {
  it('titles the chart, shows each total and peak, and offers the same numbers as a table', async () => {
    // Prepare
    const user = userEvent.setup();
    const api = createFakeApi({
      getCampaignDelivery: () => ({
        payload: [
          { date: '2026-06-13', impressions: 1200, clicks: 4, spend: 6.5 },
          { date: '2026-06-14', impressions: 0, clicks: 0, spend: 0 },
          { date: '2026-06-15', impressions: 800, clicks: 6, spend: 4.25 },
        ],
      }),
    });

    // Act
    renderWithApi(
      api,
      <DeliveryChart
        bgCampaignId="bg-campaign-spring"
        campaignName="Spring Launch"
        frame={{ timeFrame: '7_DAYS', customDate: '2026-06-15' }}
      />,
      { path: '/advertisers/bgAdvertiser-acme', route: '/advertisers/:id', session },
    );

    // Assess
    const figure = await screen.findByRole('figure', { name: /^Daily Delivery\s*of Spring Launch$/ });
    expect(await within(figure).findByTestId('delivery-total-impressions')).toHaveTextContent('2,000');
    expect(within(figure).getByTestId('delivery-total-clicks')).toHaveTextContent('10');
    expect(within(figure).getByTestId('delivery-total-spend')).toHaveTextContent('$10.75');
    expect(within(figure).getByText('peak 1,200')).toBeInTheDocument();
    expect(api.callsOf('getCampaignDelivery')[0]?.query).toEqual({
      bgCampaignId: 'bg-campaign-spring',
      timeFrame: '7_DAYS',
    });

    // Act
    await user.click(within(figure).getByRole('button', { name: 'Show the numbers' }));

    // Assess
    const table = within(figure).getByRole('table', { name: 'Daily delivery' });
    expect(bodyCellTexts(table)).toEqual([
      ['Jun 13th 2026', '1,200', '4', '$6.50'],
      ['Jun 14th 2026', '0', '0', '$0.00'],
      ['Jun 15th 2026', '800', '6', '$4.25'],
    ]);
    expect(within(figure).getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute('aria-expanded', 'true');
  });
});
