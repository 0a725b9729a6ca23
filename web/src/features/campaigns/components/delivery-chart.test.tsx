import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDeliveryDay } from '@bidgrid/shared/reports/delivery.schema';
import { createFakeApi, renderWithApi } from '@/test/fake-api';
import { demoAgency, fakeSession } from '@/test/render';
import { bodyCellTexts } from '@/test/table-texts';
import { makeCampaign } from '../campaigns.fixtures';
import { DELIVERY_PLOT_HEIGHT } from '../delivery-series';
import { DeliveryChart } from './delivery-chart';

configure({ asyncUtilTimeout: 5_000 });
// The plots' code (recharts) loads lazily; on a busy machine its first import took longer than the
// tests' waits (CI, 2 cores shared): load it once before the tests, which are about the chart itself.
beforeAll(async () => {
  await import('./delivery-plots');
}, 60_000);
const session = fakeSession({ isAuthenticated: true, userName: 'demo', agency: demoAgency });

/** A campaign from Jun 14th at $5 a day; the chart shows Jun 13th to 15th. */
const campaign = makeCampaign({ start_date: '2026-06-14', end_date: '2026-12-31', daily_budget: 5 });
const DAYS: TDeliveryDay[] = [
  { date: '2026-06-13', impressions: 1200, clicks: 4, spend: 0 },
  { date: '2026-06-14', impressions: 0, clicks: 0, spend: 0 },
  { date: '2026-06-15', impressions: 800, clicks: 6, spend: 10.75 },
];

/**
 * An IntersectionObserver the test drives: jsdom lays nothing out, so the test says when the chart
 * comes near the screen.
 */
class ObserverStub {
  static last: ObserverStub | undefined;
  readonly targets: Element[] = [];
  constructor(
    private readonly report: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    ObserverStub.last = this;
  }
  observe(target: Element): void {
    this.targets.push(target);
  }
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** The observed element comes within the margin. */
  approach(): void {
    const entries = this.targets.map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry);
    this.report(entries, this as unknown as IntersectionObserver);
  }
}

function renderChart(days: TDeliveryDay[] = DAYS) {
  const api = createFakeApi({ getCampaignDelivery: () => ({ payload: days }) });
  renderWithApi(api, <DeliveryChart campaign={campaign} frame={{ timeFrame: '7_DAYS', customDate: '2026-06-15' }} />, {
    path: '/advertisers/bgAdvertiser-acme',
    route: '/advertisers/:id',
    session,
  });
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
  ObserverStub.last = undefined;
});

describe('Delivery chart', () => {
  it('titles the chart, says how it paced, shows each total and offers the numbers as a table', async () => {
    // Prepare
    const user = userEvent.setup();

    // Act
    const api = renderChart();

    // Assess
    const figure = await screen.findByRole('figure', { name: /^Daily Delivery\s*of Spring Launch$/ });
    const pacing = await within(figure).findByTestId('delivery-pacing');
    expect(pacing).toHaveTextContent(
      'Spent $10.75 of $10.00 budgeted for 2 days (108%); 1 day above the daily budget (Jun 15th 2026, $10.75).',
    );
    expect(figure).toHaveAccessibleDescription(pacing.textContent ?? '');
    expect(within(figure).getByTestId('delivery-total-impressions')).toHaveTextContent('2,000');
    expect(within(figure).getByTestId('delivery-total-clicks')).toHaveTextContent('10');
    expect(within(figure).getByTestId('delivery-total-spend')).toHaveTextContent('$10.75');
    expect(
      within(figure)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Impressions2,000', 'Clicks10', 'Spend$10.75', 'Daily budget$5.00', 'Above the daily budget1 day']);
    expect(api.callsOf('getCampaignDelivery')[0]?.query).toEqual({
      bgCampaignId: 'bg-campaign-spring',
      timeFrame: '7_DAYS',
    });

    // Act
    await user.click(within(figure).getByRole('button', { name: 'Show the numbers' }));

    // Assess
    const table = within(figure).getByRole('table', { name: 'Daily delivery' });
    expect(bodyCellTexts(table)).toEqual([
      ['Jun 13th 2026', '1,200', '4', '$0.00', 'N/A'],
      ['Jun 14th 2026', '0', '0', '$0.00', '$5.00'],
      ['Jun 15th 2026', '800', '6', '$10.75, above the daily budget', '$5.00'],
    ]);
    expect(within(figure).getByRole('button', { name: 'Hide the numbers' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('keeps the room of the plots and loads no charting code until the chart nears the screen', async () => {
    // Prepare
    vi.stubGlobal('IntersectionObserver', ObserverStub);

    // Act
    renderChart();

    // Assess
    const traffic = await screen.findByTestId('delivery-plot-traffic');
    expect(traffic).toHaveStyle({ height: `${DELIVERY_PLOT_HEIGHT}px` });
    expect(screen.getByTestId('delivery-plot-spend')).toHaveStyle({ height: `${DELIVERY_PLOT_HEIGHT}px` });
    expect(ObserverStub.last?.options.rootMargin).toBe('300px');
    expect(ObserverStub.last?.targets).toEqual([screen.getByRole('figure')]);
    expect(document.querySelector('.recharts-wrapper')).toBeNull();
  });

  it('draws both plots with dates under the bars, and the arrow keys walk the days with their numbers', async () => {
    // Prepare: the plots are as wide as a laptop's chart column (jsdom measures everything as 0 wide)
    const user = userEvent.setup();
    vi.stubGlobal('IntersectionObserver', ObserverStub);
    const measured = HTMLElement.prototype.getBoundingClientRect;
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('recharts-wrapper')
        ? new DOMRect(0, 0, 640, DELIVERY_PLOT_HEIGHT)
        : measured.call(this);
    });
    renderChart();
    await screen.findByTestId('delivery-plot-traffic');

    // Act
    act(() => ObserverStub.last?.approach());

    // Assess
    const traffic = await screen.findByRole('application', { name: /^Impressions and clicks per day/ });
    const spend = await screen.findByRole('application', { name: /^Spend per day against the daily budget/ });
    for (const plot of [traffic, spend]) {
      expect(within(plot).getByText('Jun 13')).toBeInTheDocument();
      expect(within(plot).getByText('Jun 15')).toBeInTheDocument();
    }
    // The dashed daily budget runs over the budgeted days only (from Jun 14th): it starts right of the
    // plot's left edge, past the first day's band.
    const budgetLine = spend.querySelector('.recharts-reference-line line');
    expect(budgetLine).toHaveAttribute('stroke-dasharray', '6 4');
    const plotLeft = Number(spend.querySelector('.recharts-cartesian-grid-horizontal line')?.getAttribute('x1'));
    expect(Number(budgetLine?.getAttribute('x1'))).toBeGreaterThan(plotLeft + 100);

    // Act: focus shows the first day, the right arrow the next ones
    act(() => traffic.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');

    // Assess
    await waitFor(() => expect(screen.getByTestId('delivery-tooltip')).toHaveTextContent(/^Jun 15th 2026/));
    const tooltip = screen.getByTestId('delivery-tooltip');
    expect(tooltip).toHaveRole('status');
    expect(tooltip).toHaveTextContent(
      'Jun 15th 2026Impressions800Clicks6Spend$10.75Daily budget$5.00Above the daily budget',
    );

    // Act: the day before the campaign started has no budget
    await user.keyboard('{ArrowLeft}{ArrowLeft}');

    // Assess
    await waitFor(() =>
      expect(screen.getByTestId('delivery-tooltip')).toHaveTextContent(
        'Jun 13th 2026Impressions1,200Clicks4Spend$0.00Daily budgetN/A',
      ),
    );
  });

  it('says when there is no delivery in the time frame', async () => {
    // Act
    renderChart([]);

    // Assess
    expect(await screen.findByText('No delivery in this time frame.')).toBeInTheDocument();
    expect(screen.queryByTestId('delivery-pacing')).toBeNull();
  });
});
