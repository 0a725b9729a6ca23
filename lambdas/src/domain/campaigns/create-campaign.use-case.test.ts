import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { memoryLogger } from '../test-fakes';
import type { CreateCampaignDeps, TNewCampaign } from './create-campaign.use-case';
import { createCampaign } from './create-campaign.use-case';
import { campaignFixture, lineItemFixture, memoryCreationBidder } from './test-campaign-fakes';
import type { TBidderFailure } from './test-campaign-fakes';

function newCampaign(domains = ['initech.example', 'globex.example'], creatives?: number[]): TNewCampaign {
  const {
    beeswaxCampaignId: _b,
    pixel_event_id: _p,
    conversion_tag_url: _c,
    version: _v,
    ...campaign
  } = campaignFixture({ daily_budget: 100, campaign_budget: 6000, maxBid: 10 });
  const lineItem = (domain: string) => {
    const {
      beeswaxLineItemId: _id,
      line_item_budget: _budget,
      version: _version,
      ...record
    } = lineItemFixture({ domain, line_item_name: domain });
    return { key: domain, record, targeting: { ipRanges: ['23.24.240.0/29'] } };
  };
  return {
    campaign,
    beeswaxAdvertiserId: 7,
    lineItems: domains.map(lineItem),
    targeting: ZTargetingSelections.parse({}),
    ...(creatives ? { beeswaxCreativeIds: creatives } : {}),
  };
}

describe('createCampaign', () => {
  it("makes the campaign, its conversion event and line items at the bidder, then stores them with the bidder's tag", async () => {
    // Prepare
    const w = memoryCreationBidder();
    const stored: unknown[] = [];
    const deps: CreateCampaignDeps = {
      bidder: w.bidder,
      campaigns: { putNewCampaign: async (...args) => Boolean(stored.push(args)) },
      log: memoryLogger(),
    };

    // Act
    const made = await createCampaign(newCampaign(), deps);

    // Assess
    expect(made.campaign).toMatchObject({
      beeswaxCampaignId: 101,
      pixel_event_id: '102',
      conversion_tag_url: expect.stringContaining('tag_id=102&'),
    });
    expect(made.lineItems.map((li) => [li.domain, li.line_item_budget])).toEqual([
      ['initech.example', 3000],
      ['globex.example', 3000],
    ]);
    expect(w.calls.find((c) => c.op === 'createLineItem')?.input).toMatchObject({
      campaignId: 101,
      ourId: 'bg-campaign-q3:initech.example',
      dailyBudget: 50,
      totalBudget: 3000,
      cpmBid: 10,
      targeting: { ipRanges: ['23.24.240.0/29'] },
    });
    expect(stored).toHaveLength(1);
  });

  it('links every creative to every line item and switches on the line items the user wants on, in order', async () => {
    // Prepare
    const w = memoryCreationBidder();
    const input = newCampaign(['a.example', 'b.example', 'c.example'], [901, 902]);
    input.lineItems = input.lineItems.map((li, i) =>
      i === 1 ? { ...li, record: { ...li.record, active: false } } : li,
    );
    const progress: Array<[number, number]> = [];

    // Act
    const made = await createCampaign(
      input,
      { bidder: w.bidder, campaigns: { putNewCampaign: async () => true }, log: memoryLogger() },
      { progress: (done, total) => progress.push([done, total]) },
    );

    // Assess
    const held = made.lineItems.map((li) => w.holds.lineItems.get(li.beeswaxLineItemId));
    expect(held.map((h) => [h?.name, h?.creatives, h?.active])).toEqual([
      ['a.example', [901, 902], true],
      ['b.example', [901, 902], false],
      ['c.example', [901, 902], true],
    ]);
    expect(progress).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });

  it('makes at most `concurrency` line items at once, yet all of them', async () => {
    // Prepare
    const w = memoryCreationBidder();
    const domains = Array.from({ length: 40 }, (_, i) => `company-${i}.example`);

    // Act
    const made = await createCampaign(
      newCampaign(domains, [901]),
      { bidder: w.bidder, campaigns: { putNewCampaign: async () => true }, log: memoryLogger() },
      { concurrency: 4 },
    );

    // Assess
    expect(made.lineItems).toHaveLength(40);
    expect(w.maxInFlight()).toBe(4);
    expect(new Set(made.lineItems.map((li) => li.beeswaxLineItemId)).size).toBe(40);
  });

  it.each<TBidderFailure | 'store' | 'store throws'>([
    { op: 'createConversionEvent' },
    { op: 'createLineItem', nth: 7 },
    { op: 'linkCreative', nth: 12 },
    { op: 'updateLineItem', nth: 3 },
    'store',
    'store throws',
  ])('deletes whatever the bidder made when a step fails: %o', async (failure) => {
    // Prepare
    const w = memoryCreationBidder(typeof failure === 'string' ? undefined : failure);
    const deps: CreateCampaignDeps = {
      bidder: w.bidder,
      campaigns: {
        putNewCampaign: async () => {
          if (failure === 'store throws') throw new Error('DynamoDB is down');
          return failure !== 'store';
        },
      },
      log: memoryLogger(),
    };
    const domains = Array.from({ length: 20 }, (_, i) => `company-${i}.example`);

    // Act
    const attempt = createCampaign(newCampaign(domains, [901]), deps, { concurrency: 4 });

    // Assess
    await expect(attempt).rejects.toThrow();
    expect(w.empty()).toBe(true);
  });
});
