import { randomUUID } from 'node:crypto';
import type { Logger } from '../../kernel/logger';
import { poolSettled } from '../vendors/bidder-first';
import type { BidderCampaigns, BidderConversions, BidderCreationLookup } from '../ports/bidder.port';
import type { CampaignCreationRepository, TCreationJournal } from '../ports/campaign-creation.port';
import type { CampaignRepository } from '../ports/campaign.port';
import type { TargetingLayerUndos } from './targeting-layers';

/**
 * Recovery of interrupted campaign creations.
 *
 * A creation (`createCampaignFromRequest`) holds a claim on its campaign id with a short lease that
 * it renews while it works (`CREATION_LEASE_MS`, every `LEASE_RENEW_MS`), and journals on the claim
 * the bidder ids it makes before it goes on (the advertiser at the claim, the campaign and its
 * conversion event as soon as the bidder gives them). Line items are not journaled one by one: each
 * is made under the journaled campaign with our id (`alternative_id` `<campaign id>:<domain>`), so
 * the bidder itself lists them. The records are stored only once the bidder work is whole, the
 * campaign item last (in one transaction with its pointer), so a user sees nothing before that.
 *
 * When the request dies part-way (a killed Lambda, a crash: no `finally` runs), the claim stays
 * with its journal and its lease runs out within a minute. Then, whichever comes first:
 * - the client's retry of the same `bgCampaignId` claims it, undoes the interrupted attempt
 *   (`undoInterruptedCreation`) and creates the campaign afresh; or
 * - the recovery job (`creation-recovery`, every few minutes in the cloud, and soon after a local
 *   stack starts) finds the lapsed claim (`listStale`), claims it and undoes it.
 * Undoing deletes, at the bidder, every line item of the campaign(s) found under our id for the
 * advertiser, the journaled conversion event, what the targeting layers journaled they made (through
 * each layer's undo) and the campaign; and in the table, line items a creation stored before it died
 * without its campaign. It is idempotent (a thing already gone is
 * fine), so an undo that dies too is simply done again by the next claimer. A creation whose
 * campaign is stored finished: its claim is only released.
 *
 * Undo, rather than finishing the creation, because the companies and the payload are not kept
 * (a 25,000-company request is megabytes, the user is told the creation failed and may change it
 * before trying again); the wizard keeps the draft, so trying again is one click.
 */

/** How long a claim holds without being renewed: a dead request's creation is undone after it. */
export const CREATION_LEASE_MS = 60_000;
/** How often a live creation (or recovery) renews its lease. */
export const LEASE_RENEW_MS = 15_000;
/** Bidder deletions at once while undoing (line items are four calls each). */
const UNDO_CONCURRENCY = 16;

/** Ports of a recovery. */
export interface CreationRecoveryDeps {
  campaigns: Pick<CampaignRepository, 'getCampaign'>;
  creation: CampaignCreationRepository;
  bidder: Pick<
    BidderCampaigns & BidderConversions & BidderCreationLookup,
    'findCampaignIds' | 'listLineItemIds' | 'deleteLineItem' | 'deleteConversionEvent' | 'deleteCampaign'
  >;
  /** The undo of each layer that makes something, for what the journal says it made. */
  layerUndos: TargetingLayerUndos;
  now: () => Date;
  log: Logger;
  /** How long a claim holds unrenewed (default `CREATION_LEASE_MS`; the local fault stack shortens it). */
  leaseMs?: number;
}

/** What an undo removed. */
export interface TUndoneCreation {
  /** True when the campaign was stored after all (the creation finished; nothing was undone). */
  finished: boolean;
  bidderCampaigns: number;
  bidderLineItems: number;
  storedLineItems: number;
}

/**
 * Keeps `owner`'s lease on a claim alive while work runs: renews it every `LEASE_RENEW_MS`;
 * `lost()` turns true once a renewal finds the claim taken (the work must stop: someone else is
 * undoing it). `stop()` ends the renewals.
 */
export function keepLease(
  creation: Pick<CampaignCreationRepository, 'journal'>,
  claim: { agencyId: string; bgCampaignId: string; owner: string },
  now: () => Date,
  log: Logger,
  leaseMs: number = CREATION_LEASE_MS,
): { lost: () => boolean; stop: () => void } {
  let lost = false;
  const timer = setInterval(
    () => {
      creation
        .journal(claim.agencyId, claim.bgCampaignId, claim.owner, {
          leaseUntilMs: now().getTime() + leaseMs,
        })
        .then((held) => {
          if (!held) lost = true;
        })
        .catch((error: unknown) =>
          // A failed renewal is tried again; the lease covers several renewals.
          log.warn('creation lease not renewed', { bgCampaignId: claim.bgCampaignId, error }),
        );
    },
    Math.round(leaseMs * (LEASE_RENEW_MS / CREATION_LEASE_MS)),
  );
  timer.unref?.();
  return { lost: () => lost, stop: () => clearInterval(timer) };
}

/**
 * Undoes what an interrupted creation of `bgCampaignId` made (see above), under a claim `owner`
 * holds now. The interrupted journal is journaled again under `owner` first, so an undo that dies
 * too leaves it for the next one. Throws when a bidder deletion failed (after trying all of them):
 * the caller keeps the claim to lapse so the undo runs again.
 */
export async function undoInterruptedCreation(
  claim: { agencyId: string; bgCampaignId: string; owner: string },
  journal: TCreationJournal,
  deps: CreationRecoveryDeps,
): Promise<TUndoneCreation> {
  const { agencyId, bgCampaignId, owner } = claim;
  if (await deps.campaigns.getCampaign(agencyId, bgCampaignId)) {
    return { finished: true, bidderCampaigns: 0, bidderLineItems: 0, storedLineItems: 0 };
  }
  const leaseMs = deps.leaseMs ?? CREATION_LEASE_MS;
  await deps.creation.journal(agencyId, bgCampaignId, owner, {
    leaseUntilMs: deps.now().getTime() + leaseMs,
    ...(journal.beeswaxCampaignId !== undefined ? { beeswaxCampaignId: journal.beeswaxCampaignId } : {}),
    ...(journal.conversionEventId !== undefined ? { conversionEventId: journal.conversionEventId } : {}),
    ...(journal.layersMade !== undefined ? { layersMade: journal.layersMade } : {}),
  });
  const lease = keepLease(deps.creation, claim, deps.now, deps.log, leaseMs);
  try {
    const failures: unknown[] = [];
    const attempt = (work: () => Promise<void>): Promise<void> =>
      work().catch((error: unknown) => void failures.push(error));
    // Only campaigns the bidder lists under our id for this advertiser: a journaled id alone could
    // be a campaign the bidder never kept, whose number it gave to someone else since.
    const campaignIds = await deps.bidder.findCampaignIds(journal.beeswaxAdvertiserId, bgCampaignId);
    let bidderLineItems = 0;
    for (const campaignId of campaignIds) {
      const lineItemIds = await deps.bidder.listLineItemIds(campaignId);
      bidderLineItems += lineItemIds.length;
      await poolSettled(lineItemIds, UNDO_CONCURRENCY, (id) => attempt(() => deps.bidder.deleteLineItem(id)));
    }
    const { conversionEventId } = journal;
    if (conversionEventId !== undefined) await attempt(() => deps.bidder.deleteConversionEvent(conversionEventId));
    // What the layers made before the line items (a CRM e-mail segment, a list of split-list bids).
    for (const trace of journal.layersMade ?? []) {
      const undo = deps.layerUndos[trace.layer];
      await attempt(async () => {
        if (!undo) throw new Error(`no undo for what the ${trace.layer} layer made`);
        await undo(agencyId, trace.ref);
      });
    }
    // A campaign keeps its line items at the bidder: it goes only once they are all gone.
    if (failures.length === 0) {
      for (const campaignId of campaignIds) await attempt(() => deps.bidder.deleteCampaign(campaignId));
    }
    if (failures.length > 0) throw failures[0];
    const storedLineItems = await deps.creation.removeUnstoredLineItems(agencyId, bgCampaignId);
    deps.log.info('interrupted creation undone', {
      bgCampaignId,
      bidderCampaigns: campaignIds.length,
      bidderLineItems,
      storedLineItems,
    });
    return { finished: false, bidderCampaigns: campaignIds.length, bidderLineItems, storedLineItems };
  } finally {
    lease.stop();
  }
}

/** What one recovery run did. */
export interface TRecoveryRun {
  found: number;
  undone: number;
  finished: number;
  failed: number;
  /** Taken by someone else between the listing and the claim (a retry): theirs to undo. */
  skipped: number;
}

/**
 * The recovery job: every creation whose lease ran out is claimed and undone (or, stored after
 * all, released). One at a time: they are rare, and each is many bidder calls. A failure is logged
 * and its claim left to lapse again, so the next run tries it again.
 */
export async function recoverInterruptedCreations(deps: CreationRecoveryDeps): Promise<TRecoveryRun> {
  const stale = await deps.creation.listStale(deps.now().getTime());
  const run: TRecoveryRun = { found: stale.length, undone: 0, finished: 0, failed: 0, skipped: 0 };
  for (const found of stale) {
    const owner = `recovery-${randomUUID()}`;
    const nowMs = deps.now().getTime();
    const claimed = await deps.creation.claim(found.agencyId, found.bgCampaignId, owner, {
      nowMs,
      leaseUntilMs: nowMs + (deps.leaseMs ?? CREATION_LEASE_MS),
      beeswaxAdvertiserId: found.beeswaxAdvertiserId,
    });
    if (!claimed) {
      run.skipped++;
      continue;
    }
    const claim = { agencyId: found.agencyId, bgCampaignId: found.bgCampaignId, owner };
    try {
      const undone = await undoInterruptedCreation(
        claim,
        claimed.interrupted ?? { beeswaxAdvertiserId: found.beeswaxAdvertiserId },
        deps,
      );
      if (undone.finished) run.finished++;
      else run.undone++;
      await deps.creation.release(found.agencyId, found.bgCampaignId, owner);
    } catch (error) {
      run.failed++;
      deps.log.error('interrupted creation not undone; the next run tries again', {
        bgCampaignId: found.bgCampaignId,
        error,
      });
      // Lapse at once, so the next run (or a retry) takes it up without waiting out a lease.
      await deps.creation
        .journal(found.agencyId, found.bgCampaignId, owner, { leaseUntilMs: nowMs - 1 })
        .catch(() => undefined);
    }
  }
  return run;
}
