import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ZTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { memoryLogger } from '../test-fakes';
import { CREATION_LEASE_MS, recoverInterruptedCreations } from './create-campaign-recovery';
import type { CreationRecoveryDeps } from './create-campaign-recovery';
import type { TLayerTrace } from '../ports/campaign-creation.port';
import { campaignFixture, memoryCampaignCreation, memoryCampaigns, memoryCreationBidder } from './test-campaign-fakes';

const AGENCY = 'bgAgency-demo';
const ADVERTISER = 101;
const T0 = Date.parse('2026-11-26T10:00:00.000Z');

/**
 * A bidder and stores as a creation of `bg-campaign-dead` left them when its Lambda was killed: the
 * campaign, its conversion event and `lineItems` line items at the bidder, its claim with the journal
 * and `stored` line items in the table; beside it a finished campaign of the same advertiser.
 */
async function deadCreation(options: {
  lineItems: number;
  stored?: number;
  journalEvent?: boolean;
  layersMade?: TLayerTrace[];
}) {
  const bidder = memoryCreationBidder();
  const creation = memoryCampaignCreation();
  const campaigns = memoryCampaigns();
  const fields = {
    name: 'Q4',
    startDate: '2026-11-27',
    endDate: '2026-12-27',
    active: false,
    totalBudget: 1,
    dailyBudget: 1,
  };
  const other = await bidder.bidder.createCampaign({ advertiserId: ADVERTISER, ourId: 'bg-campaign-other', ...fields });
  const otherLineItem = await bidder.bidder.createLineItem({
    campaignId: other,
    name: 'Other',
    ourId: 'bg-campaign-other:other.example',
    media: 'display',
    dailyBudget: 1,
    totalBudget: 1,
    cpmBid: 1,
    targeting: {},
  });
  const campaignId = await bidder.bidder.createCampaign({
    advertiserId: ADVERTISER,
    ourId: 'bg-campaign-dead',
    ...fields,
  });
  const event = await bidder.bidder.createConversionEvent({
    advertiserId: ADVERTISER,
    name: 'Conversions of Q4',
    ourId: 'bg-campaign-dead',
  });
  for (let i = 0; i < options.lineItems; i++) {
    await bidder.bidder.createLineItem({
      campaignId,
      name: `Company ${i}`,
      ourId: `bg-campaign-dead:c${i}.example`,
      media: 'display',
      dailyBudget: 1,
      totalBudget: 1,
      cpmBid: 1,
      targeting: { ipRanges: [`10.0.${i}.0/24`] },
    });
  }
  await creation.repo.claim(AGENCY, 'bg-campaign-dead', 'killed-lambda', {
    nowMs: T0,
    leaseUntilMs: T0 + CREATION_LEASE_MS,
    beeswaxAdvertiserId: ADVERTISER,
  });
  await creation.repo.journal(AGENCY, 'bg-campaign-dead', 'killed-lambda', {
    leaseUntilMs: T0 + CREATION_LEASE_MS,
    beeswaxCampaignId: campaignId,
    ...(options.journalEvent === false ? {} : { conversionEventId: event.id }),
    ...(options.layersMade ? { layersMade: options.layersMade } : {}),
  });
  const layerUndone: Array<{ agencyId: string; ref: TLayerTrace['ref'] }> = [];
  if (options.stored) creation.unstoredLineItems.set(`${AGENCY}|bg-campaign-dead`, options.stored);
  let clock = T0;
  const deps: CreationRecoveryDeps = {
    campaigns: campaigns.repo,
    creation: creation.repo,
    bidder: bidder.bidder,
    layerUndos: {
      crmEmails: async (agencyId, ref) => {
        layerUndone.push({ agencyId, ref });
      },
    },
    now: () => new Date(clock),
    log: memoryLogger(),
  };
  return {
    bidder,
    creation,
    campaigns,
    deps,
    ids: { campaignId, eventId: event.id, other, otherLineItem },
    layerUndone,
    at: (ms: number) => (clock = ms),
  };
}

describe('recoverInterruptedCreations', () => {
  it('undoes a creation whose lease ran out: its campaign, line items and event at the bidder, its stored line items', async () => {
    // Prepare
    const dead = await deadCreation({ lineItems: 40, stored: 25 });
    dead.at(T0 + CREATION_LEASE_MS + 1);

    // Act
    const run = await recoverInterruptedCreations(dead.deps);

    // Assess: only the other campaign is left; the claim and the unstored line items are gone.
    expect(run).toEqual({ found: 1, undone: 1, finished: 0, failed: 0, skipped: 0 });
    expect([...dead.bidder.holds.campaigns]).toEqual([dead.ids.other]);
    expect([...dead.bidder.holds.lineItems.keys()]).toEqual([dead.ids.otherLineItem]);
    expect(dead.bidder.holds.events.size).toBe(0);
    expect(dead.creation.claims.size).toBe(0);
    expect(dead.creation.unstoredLineItems.size).toBe(0);
  });

  it('undoes what the targeting layers journaled they made, through each layer’s undo', async () => {
    // Prepare: the dead creation had made its CRM e-mail segment before its line items.
    const ref = { bgAdvertiserId: 'bgAdvertiser-acme', segmentKey: 'buzz-77', bidderSegmentId: 77 };
    const dead = await deadCreation({ lineItems: 2, layersMade: [{ layer: 'crmEmails', ref }] });
    dead.at(T0 + CREATION_LEASE_MS + 1);

    // Act
    const run = await recoverInterruptedCreations(dead.deps);

    // Assess
    expect(run).toMatchObject({ found: 1, undone: 1, failed: 0 });
    expect(dead.layerUndone).toEqual([{ agencyId: AGENCY, ref }]);
  });

  it('keeps the claim when a journaled layer has no undo, so nothing it made is forgotten', async () => {
    // Prepare
    const dead = await deadCreation({
      lineItems: 1,
      layersMade: [{ layer: 'publicationLists', ref: { beeswaxListId: 5 } }],
    });
    dead.at(T0 + CREATION_LEASE_MS + 1);

    // Act
    const run = await recoverInterruptedCreations(dead.deps);

    // Assess: logged as failed, the claim left (lapsed) for a later run.
    expect(run).toMatchObject({ found: 1, undone: 0, failed: 1 });
    expect(dead.creation.claims.size).toBe(1);
  });

  it('leaves a creation alone while its lease holds (its request is alive)', async () => {
    // Prepare
    const dead = await deadCreation({ lineItems: 3 });
    dead.at(T0 + CREATION_LEASE_MS - 1);

    // Act
    const run = await recoverInterruptedCreations(dead.deps);

    // Assess
    expect(run.found).toBe(0);
    expect(dead.bidder.holds.campaigns.size).toBe(2);
    expect(dead.bidder.holds.lineItems.size).toBe(4);
    expect(dead.creation.claims.size).toBe(1);
  });

  it('releases a creation whose campaign was stored before its request died, undoing nothing', async () => {
    // Prepare
    const dead = await deadCreation({ lineItems: 2 });
    await dead.campaigns.repo.putNewCampaign(
      campaignFixture({ agencyId: AGENCY, bgCampaignId: 'bg-campaign-dead' }),
      [],
      ZTargetingSelections.parse({}),
    );
    dead.at(T0 + CREATION_LEASE_MS + 1);

    // Act
    const run = await recoverInterruptedCreations(dead.deps);

    // Assess
    expect(run).toMatchObject({ found: 1, finished: 1, undone: 0 });
    expect(dead.bidder.holds.lineItems.size).toBe(3);
    expect(dead.creation.claims.size).toBe(0);
  });

  it('keeps the journal when the bidder fails, and a later run finishes the undo', async () => {
    // Prepare: the bidder refuses every line item deletion once.
    const dead = await deadCreation({ lineItems: 5 });
    dead.at(T0 + CREATION_LEASE_MS + 1);
    const healthy = dead.deps.bidder;
    dead.deps.bidder = { ...healthy, deleteLineItem: () => Promise.reject(new Error('bidder down')) };

    // Act
    const first = await recoverInterruptedCreations(dead.deps);
    dead.deps.bidder = healthy;
    const second = await recoverInterruptedCreations(dead.deps);

    // Assess: the campaign outlived the failed run (its line items were still there), not the next.
    expect(first).toMatchObject({ found: 1, failed: 1, undone: 0 });
    expect(second).toMatchObject({ found: 1, undone: 1 });
    expect([...dead.bidder.holds.campaigns]).toEqual([dead.ids.other]);
    expect(dead.bidder.holds.lineItems.size).toBe(1);
    expect(dead.bidder.holds.events.size).toBe(0);
    expect(dead.creation.claims.size).toBe(0);
  });

  it('finds the campaign at the bidder by our id when the request died before journaling it', async () => {
    // Prepare: a journal with the advertiser only.
    const dead = await deadCreation({ lineItems: 3, journalEvent: false });
    dead.creation.claims.set(`${AGENCY}|bg-campaign-dead`, {
      owner: 'killed-lambda',
      agencyId: AGENCY,
      bgCampaignId: 'bg-campaign-dead',
      leaseUntil: T0,
      beeswaxAdvertiserId: ADVERTISER,
    });
    dead.at(T0 + 1);

    // Act
    await recoverInterruptedCreations(dead.deps);

    // Assess
    expect([...dead.bidder.holds.campaigns]).toEqual([dead.ids.other]);
    expect(dead.bidder.holds.lineItems.size).toBe(1);
  });

  it('skips a creation a retry claimed between the listing and the claim', async () => {
    // Prepare
    const dead = await deadCreation({ lineItems: 2 });
    dead.at(T0 + CREATION_LEASE_MS + 1);
    const listStale = dead.deps.creation.listStale;
    dead.deps.creation = {
      ...dead.deps.creation,
      listStale: async (nowMs) => {
        const stale = await listStale(nowMs);
        await dead.creation.repo.claim(AGENCY, 'bg-campaign-dead', 'retry', {
          nowMs,
          leaseUntilMs: nowMs + CREATION_LEASE_MS,
          beeswaxAdvertiserId: ADVERTISER,
        });
        return stale;
      },
    };

    // Act
    const run = await recoverInterruptedCreations(dead.deps);

    // Assess
    expect(run).toMatchObject({ found: 1, skipped: 1, undone: 0 });
    expect(dead.bidder.holds.lineItems.size).toBe(3);
  });
});
