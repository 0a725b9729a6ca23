import '../../test-env';
import { describe, expect, it } from 'vitest';
import { BadRequestError, NotFoundError } from '../../kernel/errors';
import { cardRecordFixture, memoryAdvertisers } from '../test-fakes';
import { recordCampaignEvent } from './record-campaign-event.use-case';
import { campaignFixture, memoryCampaignCreation, memoryCampaigns } from './test-campaign-fakes';

function world() {
  const creation = memoryCampaignCreation();
  let clock = Date.parse('2026-11-26T10:00:00.000Z');
  const deps = {
    campaigns: memoryCampaigns([campaignFixture({ bgCampaignId: 'bg-campaign-q3' })]).repo,
    advertisers: memoryAdvertisers([cardRecordFixture()]).repo,
    creation: creation.repo,
    now: () => new Date((clock += 1000)),
  };
  return { deps, creation };
}

const body = { bgCampaignId: 'bg-campaign-q3', beeswaxAdvertiserId: 101, campaignName: 'Q3 ABM' } as const;

describe('recordCampaignEvent', () => {
  it('records the created campaign once, however often it is told', async () => {
    // Prepare
    const w = world();

    // Act
    const first = await recordCampaignEvent({ agencyId: 'bgAgency-demo', username: 'demo', body }, w.deps);
    const again = await recordCampaignEvent({ agencyId: 'bgAgency-demo', username: 'demo', body }, w.deps);

    // Assess
    expect(first).toEqual({ bgCampaignId: 'bg-campaign-q3', recorded: true });
    expect(again).toEqual(first);
    expect([...w.creation.created.values()]).toEqual([
      expect.objectContaining({ username: 'demo', recordedAt: '2026-11-26T10:00:01.000Z', campaignName: 'Q3 ABM' }),
    ]);
  });

  it("answers 404 for another agency's campaign and 400 for another bidder advertiser", async () => {
    // Prepare
    const w = world();

    // Act
    const rival = recordCampaignEvent({ agencyId: 'bgAgency-rival', username: 'rival', body }, w.deps);
    const wrong = recordCampaignEvent(
      { agencyId: 'bgAgency-demo', username: 'demo', body: { ...body, beeswaxAdvertiserId: 5 } },
      w.deps,
    );

    // Assess
    await expect(rival).rejects.toBeInstanceOf(NotFoundError);
    await expect(wrong).rejects.toBeInstanceOf(BadRequestError);
    expect(w.creation.created.size).toBe(0);
  });
});
