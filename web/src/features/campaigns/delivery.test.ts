import { describe, expect, it } from 'vitest';
import { addIsoDays } from '@bidgrid/shared/common/iso-date';
import { deliveryPacing, deliveryRows, deliveryTotals, pacingSentence } from './delivery';

const days = [
  { date: '2026-11-23', impressions: 1000, clicks: 4, spend: 0.1 },
  { date: '2026-11-24', impressions: 0, clicks: 0, spend: 0.2 },
  { date: '2026-11-25', impressions: 500, clicks: 2, spend: 12.34 },
];

/** A campaign running all November at $10 a day. */
const november = { start_date: '2026-11-01', end_date: '2026-11-30', daily_budget: 10 };

const day = (date: string, spend: number) => ({ date, impressions: 100, clicks: 1, spend });

describe('delivery chart data', () => {
  it('adds the days, spend exact in micros', () => {
    // Act
    const totals = deliveryTotals(days);
    const subCent = deliveryTotals([
      { date: '2026-11-24', impressions: 0, clicks: 0, spend: 0.004 },
      { date: '2026-11-25', impressions: 0, clicks: 0, spend: 0.004 },
    ]);

    // Assess
    expect(totals).toEqual({ impressions: 1500, clicks: 6, spend: 12.64 });
    expect(subCent.spend).toBe(0.008);
  });

  it('gives the daily budget to the days within the campaign dates only, both ends included', () => {
    // Act
    const rows = deliveryRows(
      [day('2026-10-31', 0), day('2026-11-01', 4), day('2026-11-30', 4), day('2026-12-01', 0)],
      november,
    );

    // Assess
    expect(rows.map((row) => row.budget)).toEqual([null, 10, 10, null]);
  });

  it('counts a day over budget only when it is more than a cent over', () => {
    // Act
    const rows = deliveryRows(
      [day('2026-11-02', 10), day('2026-11-03', 10.01), day('2026-11-04', 10.011), day('2026-11-05', 25)],
      november,
    );

    // Assess
    expect(rows.map((row) => row.overBudget)).toEqual([false, false, true, true]);
  });

  it('never counts a day outside the campaign dates as over budget', () => {
    // Act
    const [row] = deliveryRows([day('2026-12-02', 99)], november);

    // Assess
    expect(row?.overBudget).toBe(false);
  });
});

describe('pacing', () => {
  it('sets the spend of the budgeted days against their budget, in micros', () => {
    // Prepare: 3 budgeted days ($30) that spent 0.1 + 0.2 + 12.34; a day before the start spent $1
    const rows = deliveryRows(
      [day('2026-10-31', 1), day('2026-11-01', 0.1), day('2026-11-02', 0.2), day('2026-11-03', 12.34)],
      november,
    );

    // Act
    const pacing = deliveryPacing(rows);

    // Assess
    expect(pacing).toEqual({
      spent: 12.64,
      budgeted: 30,
      budgetedDays: 3,
      share: 12.64 / 30,
      overDays: [rows[3]],
      spentOutside: 1,
    });
  });

  it('says how much of the budget went and that no day went above it', () => {
    // Prepare: 81 days at $240, $13,319.01 spent, none above $240
    const campaign = { start_date: '2026-01-01', end_date: '2026-12-31', daily_budget: 240 };
    const spends = Array.from({ length: 81 }, (_, n) => (n === 0 ? 13_319.01 - 80 * 164 : 164));
    const rows = deliveryRows(
      spends.map((spend, n) => day(addIsoDays('2026-03-01', n), spend)),
      campaign,
    );

    // Act
    const sentence = pacingSentence(deliveryPacing(rows), campaign);

    // Assess
    expect(sentence).toBe('Spent $13,319.01 of $19,440.00 budgeted for 81 days (69%); no day above the daily budget.');
  });

  it('names the day furthest above the budget, and the spend outside the campaign dates', () => {
    // Prepare
    const one = deliveryRows([day('2026-11-02', 4), day('2026-11-03', 12.5)], november);
    const several = deliveryRows(
      [day('2026-10-31', 2.5), day('2026-11-02', 11), day('2026-11-03', 30), day('2026-11-04', 10.5)],
      november,
    );

    // Act
    const oneSentence = pacingSentence(deliveryPacing(one), november);
    const severalSentence = pacingSentence(deliveryPacing(several), november);

    // Assess
    expect(oneSentence).toBe(
      'Spent $16.50 of $20.00 budgeted for 2 days (83%); 1 day above the daily budget (Nov 3rd 2026, $12.50).',
    );
    expect(severalSentence).toBe(
      'Spent $51.50 of $30.00 budgeted for 3 days (172%); 3 days above the daily budget, the most on ' +
        "Nov 3rd 2026, $30.00. $2.50 was spent on days outside the campaign's dates.",
    );
  });

  it('says so when no day shown is within the campaign dates, and never shows a little spend as 0%', () => {
    // Prepare
    const before = deliveryRows([day('2026-10-30', 0), day('2026-10-31', 0)], november);
    const little = deliveryRows([day('2026-11-02', 0.01)], { ...november, daily_budget: 100 });

    // Act
    const beforeSentence = pacingSentence(deliveryPacing(before), november);
    const littleSentence = pacingSentence(deliveryPacing(little), november);

    // Assess
    expect(beforeSentence).toBe(
      "No day of this time frame is within the campaign's dates (Nov 1st 2026 to Nov 30th 2026), so none has a " +
        'daily budget.',
    );
    expect(littleSentence).toBe('Spent $0.01 of $100.00 budgeted for 1 day (<1%); no day above the daily budget.');
  });
});
