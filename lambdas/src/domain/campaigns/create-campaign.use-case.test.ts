import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZTargetingSelections } from '@bidgrid/shared/entities/targeting.schema';
import { memoryLogger } from '../test-fakes';
import type { CreateCampaignDeps, TNewCampaign } from './create-campaign.use-case';
import { createCampaign } from './create-campaign.use-case';
import { campaignFixture, lineItemFixture } from './test-campaign-fakes';

/** A bidder that records what it holds and fails the named call once. */
function memoryBidder(failOn?: 'createLineItem#2' | 'createConversionEvent') {
  const holds = { campaigns: new Set<number>(), events: new Set<number>(), lineItems: new Set<number>() };
  let next = 100;
  let lineItems = 0;
  const bidder: CreateCampaignDeps['bidder'] & { holds: typeof holds; lineItemInputs: unknown[] } = {
    holds,
    lineItemInputs: [],
    async createCampaign() {
      holds.campaigns.add(++next);
      return next;
    },
    async deleteCampaign(id) {
      holds.campaigns.delete(id);
    },
    async createConversionEvent() {
      if (failOn === 'createConversionEvent') throw new Error('bidder refused the event');
      holds.events.add(++next);
      return { id: next, tagUrl: `https://cnv.event.prod.bidr.io/log/cnv?tag_id=${next}&buzz_key=k&value=[VALUE]` };
    },
    async deleteConversionEvent(id) {
      holds.events.delete(id);
    },
    async createLineItem(input) {
      if (failOn === 'createLineItem#2' && ++lineItems === 2) throw new Error('bidder timed out');
      bidder.lineItemInputs.push(input);
      holds.lineItems.add(++next);
      return next;
    },
    async deleteLineItem(id) {
      holds.lineItems.delete(id);
    },
  };
  return bidder;
}

function newCampaign(): TNewCampaign {
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
    } = lineItemFixture({
      domain,
    });
    return { key: domain, record, targeting: { ipRanges: ['23.24.240.0/29'] } };
  };
  return {
    campaign,
    beeswaxAdvertiserId: 7,
    lineItems: [lineItem('initech.example'), lineItem('globex.example')],
    targeting: ZTargetingSelections.parse({}),
  };
}

describe('createCampaign', () => {
  it("makes the campaign, its conversion event and line items at the bidder, then stores them with the bidder's tag", async () => {
    // Prepare
    const bidder = memoryBidder();
    const stored: unknown[] = [];
    const deps: CreateCampaignDeps = {
      bidder,
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
    expect(made.lineItems.map((li) => [li.domain, li.beeswaxLineItemId, li.line_item_budget])).toEqual([
      ['initech.example', 103, 3000],
      ['globex.example', 104, 3000],
    ]);
    expect(bidder.lineItemInputs[0]).toMatchObject({
      campaignId: 101,
      ourId: 'bg-campaign-q3:initech.example',
      dailyBudget: 50,
      totalBudget: 3000,
      cpmBid: 10,
      targeting: { ipRanges: ['23.24.240.0/29'] },
    });
    expect(stored).toHaveLength(1);
  });

  it('deletes whatever the bidder made when a later step or the store fails', async () => {
    for (const failure of ['createLineItem#2', 'createConversionEvent', 'store'] as const) {
      // Prepare
      const bidder = memoryBidder(failure === 'store' ? undefined : failure);
      const deps: CreateCampaignDeps = {
        bidder,
        campaigns: { putNewCampaign: async () => false },
        log: memoryLogger(),
      };

      // Act
      const attempt = createCampaign(newCampaign(), deps);

      // Assess
      await expect(attempt).rejects.toThrow();
      expect(bidder.holds).toEqual({ campaigns: new Set(), events: new Set(), lineItems: new Set() });
    }
  });
});
