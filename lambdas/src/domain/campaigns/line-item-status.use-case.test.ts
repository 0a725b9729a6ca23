import '../../test-env';
import { describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError } from '../../kernel/errors';
import { memoryLogger } from '../test-fakes';
import { setLineItemStatusFromCrm } from './crm-line-item-status.use-case';
import { setLineItemStatus } from './line-item-status.use-case';
import {
  campaignFixture,
  creativeFixture,
  lineItemFixture,
  memoryAdGroups,
  memoryCampaigns,
  recordingBidder,
} from './test-campaign-fakes';

const NOW = new Date('2026-11-25T12:00:00Z');

function world(campaign = campaignFixture(), creatives = [creativeFixture()]) {
  const campaigns = memoryCampaigns([campaign], [lineItemFixture()]);
  const adGroups = memoryAdGroups([], creatives);
  const bidder = recordingBidder();
  return {
    campaigns,
    bidder,
    deps: {
      campaigns: campaigns.repo,
      adGroups: adGroups.repo,
      bidder: bidder.bidder,
      now: () => NOW,
      log: memoryLogger(),
    },
  };
}

/** A point a call stops at until the test lets it go on: `reached` once it got there. */
function gate() {
  let reach = (): void => undefined;
  let release = (): void => undefined;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  return { reached, release, wait: () => (reach(), released) };
}

describe('setLineItemStatus', () => {
  it('switches at the bidder, then here; the same state again changes nothing', async () => {
    const w = world();
    const off = await setLineItemStatus({ agencyId: 'bgAgency-demo', beeswaxLineItemId: 71, active: false }, w.deps);
    const again = await setLineItemStatus({ agencyId: 'bgAgency-demo', beeswaxLineItemId: 71, active: false }, w.deps);
    expect(off).toMatchObject({ beeswaxLineItemId: 71, active: false, lineItemReports: [] });
    expect(again.active).toBe(false);
    expect(w.bidder.calls).toEqual([{ op: 'updateLineItem', id: 71, fields: { active: false } }]);
    expect(w.campaigns.items.get('71')?.version).toBe(1);
  });

  it('stores a switch-on but leaves the bidder alone while the campaign has no creative to serve', async () => {
    // Prepare: a switched-off line item of a campaign without creatives
    const w = world(campaignFixture(), []);
    await setLineItemStatus({ agencyId: 'bgAgency-demo', beeswaxLineItemId: 71, active: false }, w.deps);
    // Act
    const on = await setLineItemStatus({ agencyId: 'bgAgency-demo', beeswaxLineItemId: 71, active: true }, w.deps);
    // Assess: only the switch-off reached the bidder
    expect(on.active).toBe(true);
    expect(w.bidder.calls).toEqual([{ op: 'updateLineItem', id: 71, fields: { active: false } }]);
  });

  it('refuses a read-only campaign, another agency, and puts the bidder back after a lost race', async () => {
    const old = world(campaignFixture({ start_date: '2026-01-01', end_date: '2026-05-01' }));
    await expect(
      setLineItemStatus({ agencyId: 'bgAgency-demo', beeswaxLineItemId: 71, active: false }, old.deps),
    ).rejects.toBeInstanceOf(ConflictError);
    const w = world();
    await expect(
      setLineItemStatus({ agencyId: 'bgAgency-rival', beeswaxLineItemId: 71, active: false }, w.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
    // The switch loses its race once; the undo's claim of the stored state then holds.
    const replace = w.campaigns.repo.replaceLineItem.bind(w.campaigns.repo);
    let lost = false;
    w.campaigns.repo.replaceLineItem = async (agencyId, next) =>
      lost ? replace(agencyId, next) : ((lost = true), null);
    await expect(
      setLineItemStatus({ agencyId: 'bgAgency-demo', beeswaxLineItemId: 71, active: false }, w.deps),
    ).rejects.toBeInstanceOf(ConflictError);
    expect(w.bidder.calls.map((c) => c.fields)).toEqual([{ active: false }, { active: true }]);
  });
});

describe('setLineItemStatus when the store fails', () => {
  it("a switch whose store write comes after a loser's undo loses too, so the bidder and the store agree", async () => {
    // Prepare: L (off) reads version 0 and is slow at the bidder; meanwhile A switches it off (version 1)
    // and B (on) reads version 1, switches it on at the bidder and is slow to store.
    const w = world();
    const held = { loserPush: gate(), winnerStore: gate() };
    const push = w.bidder.bidder.updateLineItem;
    let pushes = 0;
    w.bidder.bidder.updateLineItem = async (id, fields) => {
      if (++pushes === 1) await held.loserPush.wait();
      return push(id, fields);
    };
    const store = w.campaigns.repo.replaceLineItem.bind(w.campaigns.repo);
    w.campaigns.repo.replaceLineItem = async (agencyId, next) => {
      if (next.active && next.version === 2) await held.winnerStore.wait();
      return store(agencyId, next);
    };
    const set = (active: boolean) =>
      setLineItemStatus({ agencyId: 'bgAgency-demo', beeswaxLineItemId: 71, active }, w.deps).catch((e: unknown) => e);
    const loser = set(false);
    await held.loserPush.reached;
    await set(false);
    const late = set(true);
    await held.winnerStore.reached;

    // Act: L's store is refused and its undo pushes what is stored (off) over B's 'on'; then B stores.
    held.loserPush.release();
    const lost = await loser;
    held.winnerStore.release();
    const outcome = await late;

    // Assess
    expect(lost).toBeInstanceOf(ConflictError);
    expect(outcome).toBeInstanceOf(ConflictError);
    const stored = w.campaigns.items.get('71');
    expect(w.bidder.holds('lineItem', 71)?.['active']).toBe(stored?.active);
  });

  it('puts the bidder back whatever the store failure', async () => {
    const w = world();
    w.bidder.seed('lineItem', 71, { active: true });
    w.campaigns.repo.replaceLineItem = async () => {
      throw new Error('store unavailable');
    };
    await expect(
      setLineItemStatus({ agencyId: 'bgAgency-demo', beeswaxLineItemId: 71, active: false }, w.deps),
    ).rejects.toThrow('store unavailable');
    expect(w.bidder.holds('lineItem', 71)).toEqual({ active: true });
  });
});

describe('setLineItemStatusFromCrm', () => {
  function crmWorld(campaign = campaignFixture({ showInHubspot: true })) {
    const w = world(campaign);
    return {
      ...w,
      deps: {
        ...w.deps,
        portals: {
          listPortalAdvertisers: async (portalId: number) =>
            portalId === 4410001 ? [{ agencyId: 'bgAgency-demo', advertiserId: 'bgAdvertiser-acme' }] : [],
        },
      },
    };
  }

  it("switches a line item of the signing portal's sales-enabled campaign", async () => {
    const w = crmWorld();
    await expect(
      setLineItemStatusFromCrm({ portalId: 4410001, beeswaxLineItemId: 71, active: false }, w.deps),
    ).resolves.toMatchObject({ active: false });
  });

  it('refuses other portals and campaigns without CRM edits (404), and touches nothing', async () => {
    await expect(
      setLineItemStatusFromCrm({ portalId: 4419999, beeswaxLineItemId: 71, active: false }, crmWorld().deps),
    ).rejects.toBeInstanceOf(NotFoundError);
    const closed = crmWorld(campaignFixture({ showInHubspot: false }));
    await expect(
      setLineItemStatusFromCrm({ portalId: 4410001, beeswaxLineItemId: 71, active: false }, closed.deps),
    ).rejects.toBeInstanceOf(NotFoundError);
    expect(closed.bidder.calls).toEqual([]);
  });
});
