import '../../test-env';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '@bidgrid/shared/common/messages';
import { BadRequestError, ConflictError, NotFoundError } from '../../kernel/errors';
import { memoryLogger } from '../test-fakes';
import { CAMPAIGN_MESSAGES } from './campaign-access';
import { campaignFixture, lineItemFixture, memoryCampaigns, recordingBidder } from './test-campaign-fakes';
import { archiveCampaign, updateCampaignDetails, updateCampaignStatus } from './update-campaign.use-case';

const TODAY = new Date('2026-11-25T12:00:00Z');

function world(overrides: Parameters<typeof campaignFixture>[0] = {}) {
  const campaigns = memoryCampaigns(
    [campaignFixture(overrides)],
    [lineItemFixture(), lineItemFixture({ beeswaxLineItemId: 72, line_item_name: 'Globex' })],
  );
  const bidder = recordingBidder();
  const deps = { campaigns: campaigns.repo, bidder: bidder.bidder, now: () => TODAY, log: memoryLogger() };
  return { campaigns, bidder, deps };
}

const base = { agencyId: 'bgAgency-demo', bgCampaignId: 'bg-campaign-q3', beeswaxCampaignId: 70 };

describe('updateCampaignDetails', () => {
  it('stores the merged fields with the estimated budget computed, after the bidder took them', async () => {
    // Prepare: a campaign that has not started.
    const w = world({ start_date: '2026-12-01', end_date: '2026-12-31' });
    // Act
    const result = await updateCampaignDetails(
      { ...base, updateBody: { name: 'Q4 ABM', daily_budget: 50, campaign_budget: 1, start_date: '2026-11-30' } },
      w.deps,
    );
    // Assess
    expect(result).toMatchObject({ name: 'Q4 ABM', daily_budget: 50, campaign_budget: 1550, start_date: '2026-11-30' });
    expect(w.campaigns.byId.get('bgAgency-demo|bg-campaign-q3')?.version).toBe(1);
    expect(w.bidder.calls[0]).toEqual({
      op: 'updateCampaign',
      id: 70,
      fields: {
        name: 'Q4 ABM',
        totalBudget: 1550,
        dailyBudget: 50,
        startDate: '2026-11-30',
        endDate: '2026-12-31',
        active: true,
      },
    });
    // The daily budget moved: every line item gets its share of both budgets (v2 sends them together) and the bid.
    expect(w.bidder.calls.filter((c) => c.op === 'updateLineItem')).toEqual([
      {
        op: 'updateLineItem',
        id: 71,
        fields: { cpmBid: 10, dailyBudget: 25, totalBudget: 775 },
      },
      {
        op: 'updateLineItem',
        id: 72,
        fields: { cpmBid: 10, dailyBudget: 25, totalBudget: 775 },
      },
    ]);
  });

  it("moves every line item's share of the total budget when only the dates move it", async () => {
    // Prepare: a campaign that has not started, $100 a day
    const w = world({ start_date: '2026-12-01', end_date: '2026-12-31', daily_budget: 100, campaign_budget: 3100 });
    // Act: ten more days
    await updateCampaignDetails({ ...base, updateBody: { end_date: '2027-01-10' } }, w.deps);
    // Assess: the estimated budget is now $4,000 (40 days of $100), half to each of the two line items
    expect(w.bidder.calls.filter((c) => c.op === 'updateLineItem').map((c) => c.fields)).toEqual([
      { cpmBid: 10, dailyBudget: 50, totalBudget: 2000 },
      { cpmBid: 10, dailyBudget: 50, totalBudget: 2000 },
    ]);
  });

  it('reports the form rules on the fields the body sent', async () => {
    const w = world();
    const attempt = (updateBody: Record<string, unknown>) =>
      updateCampaignDetails({ ...base, updateBody }, w.deps).catch((e: unknown) => e);
    const media = await attempt({ isVideoCampaign: true });
    const start = await attempt({ start_date: '2026-11-26' });
    const bid = await attempt({ max_bid: 90, daily_budget: 1, end_date: '2026-11-02' });
    expect(media).toBeInstanceOf(BadRequestError);
    expect((media as BadRequestError).fieldErrors).toEqual({ 'updateBody.isVideoCampaign': [M.mediaTypeLocked] });
    expect((start as BadRequestError).fieldErrors).toEqual({ 'updateBody.start_date': [M.startDateLocked] });
    expect((bid as BadRequestError).fieldErrors).toEqual({ 'updateBody.max_bid': [M.maxBidAboveBudget] });
    expect(w.bidder.calls).toEqual([]);
  });

  it('allows a start date one day back (the user may be west of UTC) but not two', async () => {
    const w = world({ start_date: '2026-12-01', end_date: '2026-12-31' });
    await expect(
      updateCampaignDetails({ ...base, updateBody: { start_date: '2026-11-24' } }, w.deps),
    ).resolves.toMatchObject({
      start_date: '2026-11-24',
    });
    const w2 = world({ start_date: '2026-12-01', end_date: '2026-12-31' });
    const error = await updateCampaignDetails({ ...base, updateBody: { start_date: '2026-11-23' } }, w2.deps).catch(
      (e: unknown) => e,
    );
    expect((error as BadRequestError).fieldErrors).toEqual({ 'updateBody.start_date': [M.startDateNotPast] });
  });

  it('refuses every change 175 days after the end, and another bidder id', async () => {
    const w = world({ start_date: '2026-01-01', end_date: '2026-06-03' });
    await expect(updateCampaignDetails({ ...base, updateBody: { name: 'x' } }, w.deps)).rejects.toMatchObject({
      status: 409,
      userMessage: CAMPAIGN_MESSAGES.readOnly,
    });
    const w2 = world();
    await expect(
      updateCampaignDetails({ ...base, beeswaxCampaignId: 1, updateBody: { name: 'x' } }, w2.deps),
    ).rejects.toBeInstanceOf(BadRequestError);
  });

  it('stores nothing when the bidder refuses, and puts the bidder back', async () => {
    const w = world();
    w.bidder.failOn('updateLineItem');
    await expect(updateCampaignDetails({ ...base, updateBody: { max_bid: 20 } }, w.deps)).rejects.toThrow(
      'bidder updateLineItem failed',
    );
    expect(w.campaigns.byId.get('bgAgency-demo|bg-campaign-q3')?.maxBid).toBe(10);
    // The restore pushed the stored campaign again.
    expect(w.bidder.calls.filter((c) => c.op === 'updateCampaign')).toHaveLength(2);
  });

  it('puts the bidder back when the store write fails for any reason, not only a lost race', async () => {
    // Prepare: the bidder holds what is stored; the store then refuses the write (e.g. an item too big).
    const w = world();
    w.bidder.seed('campaign', 70, { dailyBudget: 100, totalBudget: 6000, active: true });
    w.bidder.seed('lineItem', 71, { dailyBudget: 50, cpmBid: 10 });
    w.bidder.seed('lineItem', 72, { dailyBudget: 50, cpmBid: 10 });
    w.campaigns.repo.replaceCampaign = async () => {
      throw new Error('ValidationException: Item size has exceeded the maximum allowed size');
    };

    // Act
    const error = await updateCampaignDetails(
      { ...base, updateBody: { daily_budget: 200, max_bid: 20 } },
      w.deps,
    ).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('Item size');
    expect(w.bidder.holds('campaign', 70)).toMatchObject({ dailyBudget: 100, totalBudget: 6000 });
    expect(w.bidder.holds('lineItem', 71)).toMatchObject({ dailyBudget: 50, cpmBid: 10 });
    expect(w.bidder.holds('lineItem', 72)).toMatchObject({ dailyBudget: 50, cpmBid: 10 });
    expect(w.campaigns.byId.get('bgAgency-demo|bg-campaign-q3')?.daily_budget).toBe(100);
  });

  it('puts the bidder back when the store fails after a status change', async () => {
    const w = world();
    w.bidder.seed('campaign', 70, { active: true });
    w.campaigns.repo.replaceCampaign = async () => {
      throw new Error('store unavailable');
    };
    await expect(updateCampaignStatus({ ...base, active: false }, w.deps)).rejects.toThrow('store unavailable');
    expect(w.bidder.holds('campaign', 70)).toMatchObject({ active: true });
  });

  it('answers 409 when another change won the race, and the bidder holds what is stored', async () => {
    // Prepare: someone saves between our read and our write.
    const w = world();
    const original = w.campaigns.repo.replaceCampaign.bind(w.campaigns.repo);
    w.campaigns.repo.replaceCampaign = async (next) => {
      await original({ ...campaignFixture(), name: 'Winner', version: 1 });
      return original(next);
    };
    // Act
    const error = await updateCampaignDetails({ ...base, updateBody: { name: 'Loser' } }, w.deps).catch(
      (e: unknown) => e,
    );
    // Assess
    expect(error).toBeInstanceOf(ConflictError);
    expect(
      w.bidder.calls.filter((c) => c.op === 'updateCampaign').map((c) => (c.fields as { name: string }).name),
    ).toEqual(['Loser', 'Winner']);
  });
});

/** A point a call stops at until the test lets it go on: `reached` once it got there. */
function gate() {
  let reach = (): void => undefined;
  let release = (): void => undefined;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { reached, release, wait: () => (reach(), released) };
}

/**
 * Editors racing on one campaign, each step of the interleaving placed by the test: `holdPush(name)`
 * stops the next bidder push of that name, `holdStore(name)` the next store write of that name.
 */
function racingWorld() {
  const w = world();
  const pushes = new Map<string, ReturnType<typeof gate>>();
  const stores = new Map<string, ReturnType<typeof gate>>();
  const push = w.bidder.bidder.updateCampaign;
  w.bidder.bidder.updateCampaign = async (id, fields) => {
    const held = pushes.get(fields.name ?? '');
    if (held) {
      pushes.delete(fields.name ?? '');
      await held.wait();
    }
    return push(id, fields);
  };
  const store = w.campaigns.repo.replaceCampaign.bind(w.campaigns.repo);
  w.campaigns.repo.replaceCampaign = async (next) => {
    const held = stores.get(next.name);
    if (held) {
      stores.delete(next.name);
      await held.wait();
    }
    return store(next);
  };
  const hold = (map: Map<string, ReturnType<typeof gate>>, name: string) => {
    const g = gate();
    map.set(name, g);
    return g;
  };
  return {
    ...w,
    rename: (name: string) => updateCampaignDetails({ ...base, updateBody: { name } }, w.deps).catch((e: unknown) => e),
    holdPush: (name: string) => hold(pushes, name),
    holdStore: (name: string) => hold(stores, name),
    stored: () => w.campaigns.byId.get('bgAgency-demo|bg-campaign-q3'),
    atBidder: () => w.bidder.holds('campaign', 70)?.['name'],
  };
}

describe('editors racing on one campaign: the bidder and the store agree at the end', () => {
  it("a loser's undo that lands after a later winner's push does not leave the bidder behind the store", async () => {
    // Prepare: L reads version 0 and pushes 'Loser'; meanwhile 'Racer 1' is stored (version 1).
    const w = racingWorld();
    const loserPush = w.holdPush('Loser');
    const loser = w.rename('Loser');
    await loserPush.reached;
    await w.rename('Racer 1');
    // L's store is refused; its undo reads 'Racer 1' and is slow to push it.
    const undoPush = w.holdPush('Racer 1');
    loserPush.release();
    await undoPush.reached;

    // Act: 'Racer 5' is pushed and stored (version 2), then the undo's push of 'Racer 1' lands.
    const racer5 = await w.rename('Racer 5');
    undoPush.release();
    const lost = await loser;

    // Assess
    expect(lost).toBeInstanceOf(ConflictError);
    expect(racer5).toMatchObject({ name: 'Racer 5' });
    expect(w.stored()?.name).toBe('Racer 5');
    expect(w.atBidder()).toBe('Racer 5');
  });

  it("a winner whose store write comes after a loser's undo loses too, rather than store what the bidder no longer holds", async () => {
    // Prepare: L reads version 0 and pushes 'Loser'; 'Racer 1' is stored (version 1).
    const w = racingWorld();
    const loserPush = w.holdPush('Loser');
    const loser = w.rename('Loser');
    await loserPush.reached;
    await w.rename('Racer 1');
    // 'Racer 5' reads version 1 and pushes, and is slow to store.
    const racer5Store = w.holdStore('Racer 5');
    const racer5 = w.rename('Racer 5');
    await racer5Store.reached;

    // Act: L's store is refused and its undo pushes what is stored ('Racer 1') over 'Racer 5'; then
    // 'Racer 5' tries to store.
    loserPush.release();
    const lost = await loser;
    racer5Store.release();
    const late = await racer5;

    // Assess: both are told the campaign changed meanwhile, and what is stored is what the bidder holds.
    expect(lost).toBeInstanceOf(ConflictError);
    expect(late).toBeInstanceOf(ConflictError);
    expect(w.stored()?.name).toBe('Racer 1');
    expect(w.atBidder()).toBe('Racer 1');
  });
});

describe('updateCampaignStatus and archiveCampaign', () => {
  it('archives only an inactive campaign and never activates an archived one', async () => {
    const w = world();
    await expect(archiveCampaign({ ...base, archived: true }, w.deps)).rejects.toMatchObject({
      userMessage: CAMPAIGN_MESSAGES.archiveActive,
    });
    await updateCampaignStatus({ ...base, active: false }, w.deps);
    await expect(archiveCampaign({ ...base, archived: true }, w.deps)).resolves.toMatchObject({ archived: true });
    await expect(updateCampaignStatus({ ...base, active: true }, w.deps)).rejects.toMatchObject({
      userMessage: CAMPAIGN_MESSAGES.activateArchived,
    });
    expect(w.bidder.calls.map((c) => c.op)).toEqual(['updateCampaign']);
  });

  it('changes nothing when asked for the state it is in, and answers 404 for another agency', async () => {
    const w = world();
    await expect(updateCampaignStatus({ ...base, active: true }, w.deps)).resolves.toMatchObject({ active: true });
    expect(w.bidder.calls).toEqual([]);
    await expect(
      updateCampaignStatus({ ...base, agencyId: 'bgAgency-rival', active: false }, w.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
