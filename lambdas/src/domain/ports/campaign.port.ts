import type { TCampaignActivity } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import type { TCampaignRecord, TLineItemRecord } from '../campaigns/campaign-records.schema';
import type { TPage, TPageRequest } from './page.port';

/** A campaign the report sync may pull, as its work list names it. */
export interface TSyncCandidate {
  agencyId: string;
  bgAdvertiserId: string;
  bgCampaignId: string;
  /** Where it stands in the work list (`{end_date}#...`): where a run stopped. */
  position: string;
}

/** The fixed facts of a campaign: its advertiser and media type never change. */
export interface TCampaignSummary {
  bgCampaignId: string;
  bgAdvertiserId: string;
  isVideoCampaign: boolean;
}

/** A campaign's stored targeting selections and their revision (0 before the first change). */
export interface TTargetingState {
  targeting: TTargetingSelections;
  revision: number;
}

/**
 * One targeting change after launch, stored whole or not at all: the campaign (its version one up),
 * the targeting at `revision + 1` (only if still at `revision`), the line items added and removed,
 * and the activity entry.
 */
export interface TTargetingCommit {
  campaign: TCampaignRecord;
  revision: number;
  targeting: TTargetingSelections;
  addLineItems: readonly TLineItemRecord[];
  removeLineItems: readonly TLineItemRecord[];
  activity: TCampaignActivity;
}

/** Campaigns, their line items and targeting in the store, always addressed by the caller's agency. */
export interface CampaignRepository {
  getCampaign(agencyId: string, campaignId: string): Promise<TCampaignRecord | null>;
  /**
   * What never changes about a campaign (its advertiser and media type), in one read where a report
   * needs no more than that the campaign is the caller's. Null when none.
   */
  getCampaignSummary(agencyId: string, campaignId: string): Promise<TCampaignSummary | null>;
  /** Every campaign of an advertiser (work that needs them all: billing). */
  listCampaigns(agencyId: string, advertiserId: string): Promise<TCampaignRecord[]>;
  /** One page of an advertiser's campaigns, in the store's order (the lists a reply shows). */
  listCampaignsPage(agencyId: string, advertiserId: string, page: TPageRequest): Promise<TPage<TCampaignRecord>>;
  /**
   * Replaces the campaign with `next` if its stored version is still `next.version - 1`; the stored
   * record, or null when someone changed it meanwhile (or it is gone).
   */
  replaceCampaign(next: TCampaignRecord): Promise<TCampaignRecord | null>;
  /**
   * Campaign ids are chosen by the client (001 §3: the wizard makes the ad group under the id before
   * the campaign exists), so an id is reserved for the first agency that uses it. True when `campaignId`
   * is now (or already was) reserved for `agencyId`; false when another agency has it.
   */
  reserveCampaignId(agencyId: string, campaignId: string): Promise<boolean>;
  /**
   * Writes a new campaign with its line items and targeting; nobody sees the campaign before all of
   * it is there, and a write that fails or is refused leaves none of it behind. False when the id is
   * taken (a campaign of this agency, or an id another agency reserved).
   */
  putNewCampaign(
    campaign: TCampaignRecord,
    lineItems: readonly TLineItemRecord[],
    targeting: TTargetingSelections,
  ): Promise<boolean>;
  /** Every line item of a campaign (work that needs them all: the report sync, a campaign change). */
  listLineItems(agencyId: string, campaignId: string): Promise<TLineItemRecord[]>;
  /** One page of a campaign's line items, in the store's order (the line-item reports). */
  listLineItemsPage(agencyId: string, campaignId: string, page: TPageRequest): Promise<TPage<TLineItemRecord>>;
  /** The line item with this bidder id in the agency, or null. */
  getLineItemByBidderId(agencyId: string, beeswaxLineItemId: number): Promise<TLineItemRecord | null>;
  /** Replaces the line item if its stored version is `next.version - 1`; null on a conflict. */
  replaceLineItem(agencyId: string, next: TLineItemRecord): Promise<TLineItemRecord | null>;
  getTargeting(agencyId: string, campaignId: string): Promise<TTargetingSelections | null>;
  /** The targeting with its revision, or null when the campaign has none stored. */
  getTargetingState(agencyId: string, campaignId: string): Promise<TTargetingState | null>;
  /**
   * Stores a targeting change in one transaction; false when the campaign's version or the
   * targeting's revision moved meanwhile (nothing is written then).
   */
  commitTargetingChange(agencyId: string, commit: TTargetingCommit): Promise<boolean>;
  /** One page of a campaign's activity log, newest first. */
  listActivityPage(agencyId: string, campaignId: string, page: TPageRequest): Promise<TPage<TCampaignActivity>>;
  /**
   * Campaigns of every agency whose end date is `endOnOrAfter` or later, in work-list order,
   * starting after `after` (a previous position) when given.
   */
  listSyncCandidates(endOnOrAfter: string, after?: string): Promise<TSyncCandidate[]>;
}

/** Reads a campaign of an agency. */
export type CampaignReader = Pick<CampaignRepository, 'getCampaign'>;
/** Reads a line item of an agency by its bidder id. */
export type LineItemReader = Pick<CampaignRepository, 'getLineItemByBidderId'>;
