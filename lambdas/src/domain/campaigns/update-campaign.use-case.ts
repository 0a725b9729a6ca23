import type { TFieldErrors } from '@bidgrid/shared/api/envelope';
import type { TCampaign, TCampaignDetailsUpdate } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TMediaType } from '@bidgrid/shared/constants';
import { campaignDetailsSchema, companyLimit } from '@bidgrid/shared/campaigns/campaign-details.schema';
import { ConflictError } from '../../kernel/errors';
import type { Logger } from '../../kernel/logger';
import { collectFieldErrors, invalidRequest } from '../../kernel/validation';
import { atBidderThenStore, eachSettled, restoreStoredAtBidder } from '../vendors/bidder-first';
import type { BidderCampaigns, TBidderCampaign, TBidderLineItem } from '../ports/bidder.port';
import type { CampaignRepository } from '../ports/campaign.port';
import { reportToday } from '../reports/report-rows';
import { assertWritable, CAMPAIGN_MESSAGES, requireCampaign } from './campaign-access';
import { toPublicCampaign } from './campaign-records.schema';
import type { TCampaignRecord } from './campaign-records.schema';

/** Ports of the campaign changes. */
export interface CampaignUpdateDeps {
  campaigns: Pick<CampaignRepository, 'getCampaign' | 'replaceCampaign' | 'listLineItems'>;
  bidder: Pick<BidderCampaigns, 'updateCampaign' | 'updateLineItem'>;
  now: () => Date;
  log: Logger;
}

/** The bidder's view of a campaign: everything the edit form and the status change can touch. */
export function bidderCampaignFields(
  campaign: Pick<TCampaignRecord, 'name' | 'campaign_budget' | 'daily_budget' | 'start_date' | 'end_date' | 'active'>,
): Pick<TBidderCampaign, 'name' | 'totalBudget' | 'dailyBudget' | 'startDate' | 'endDate' | 'active'> {
  return {
    name: campaign.name,
    totalBudget: campaign.campaign_budget,
    dailyBudget: campaign.daily_budget,
    startDate: campaign.start_date,
    endDate: campaign.end_date,
    active: campaign.active,
  };
}

/** A line item's share of its campaign: the max bid and an even part of the daily and total budgets. */
export function lineItemBidding(
  campaign: Pick<TCampaignRecord, 'maxBid' | 'daily_budget' | 'campaign_budget'>,
  lineItemCount: number,
): Pick<TBidderLineItem, 'cpmBid' | 'dailyBudget' | 'totalBudget'> {
  const share = (usd: number): number => Math.round((usd / Math.max(1, lineItemCount)) * 100) / 100;
  return {
    cpmBid: campaign.maxBid,
    dailyBudget: share(campaign.daily_budget),
    totalBudget: share(campaign.campaign_budget),
  };
}

/** Calls at once when every line item of a campaign gets a new bid. */
const LINE_ITEM_CONCURRENCY = 8;

/**
 * Makes the bidder hold `campaign`: its fields, and, when the bid or the daily budget moved, every
 * line item's bid and budget share. Every call sends full values, so repeating it is harmless.
 */
async function pushToBidder(
  agencyId: string,
  campaign: TCampaignRecord,
  lineItemsToo: boolean,
  deps: CampaignUpdateDeps,
): Promise<void> {
  await deps.bidder.updateCampaign(campaign.beeswaxCampaignId, bidderCampaignFields(campaign));
  if (!lineItemsToo) return;
  const lineItems = await deps.campaigns.listLineItems(agencyId, campaign.bgCampaignId);
  const share = lineItemBidding(campaign, lineItems.length);
  await eachSettled(lineItems, LINE_ITEM_CONCURRENCY, (lineItem) =>
    deps.bidder.updateLineItem(lineItem.beeswaxLineItemId, share),
  );
}

/**
 * Applies a change here and at the bidder without a half-done state anyone can see: the bidder
 * first (nothing is stored if it refuses), then the stored campaign only if nobody changed it since
 * it was read. If the bidder failed half way, another change won the race (409) or the store write
 * failed in any other way, the bidder is put back to what is stored (`atBidderThenStore`), and the
 * stored version claimed so that an editor racing us cannot end with the bidder and the store apart
 * (`restoreStoredAtBidder`).
 */
async function commit(
  agencyId: string,
  before: TCampaignRecord,
  next: TCampaignRecord,
  lineItemsToo: boolean,
  deps: CampaignUpdateDeps,
): Promise<TCampaignRecord> {
  return atBidderThenStore(
    {
      what: `campaign ${before.bgCampaignId}`,
      atBidder: () => pushToBidder(agencyId, next, lineItemsToo, deps),
      async store() {
        const saved = await deps.campaigns.replaceCampaign(next);
        if (!saved) {
          throw new ConflictError(CAMPAIGN_MESSAGES.changedMeanwhile, {
            internalMessage: `Campaign ${before.bgCampaignId} changed after version ${before.version}`,
          });
        }
        return saved;
      },
      async undoAtBidder() {
        await restoreStoredAtBidder({
          // What is stored now: a concurrent winner's values, else ours from before (also when the
          // store cannot be read: then it failed the write too, and still holds `before`).
          read: async () =>
            (await deps.campaigns.getCampaign(agencyId, before.bgCampaignId).catch(() => null)) ?? before,
          push: (stored) => pushToBidder(agencyId, stored, lineItemsToo, deps),
          claim: async (stored) =>
            (await deps.campaigns.replaceCampaign({ ...stored, version: stored.version + 1 })) !== null,
        });
      },
    },
    deps.log,
  );
}

/** The body's bidder id must be the campaign's (the spec's clients send both ids). */
function assertBidderId(campaign: TCampaignRecord, beeswaxCampaignId: number): void {
  if (campaign.beeswaxCampaignId !== beeswaxCampaignId) {
    const fieldErrors: TFieldErrors = { beeswaxCampaignId: [CAMPAIGN_MESSAGES.bidderIdMismatch] };
    throw invalidRequest(fieldErrors);
  }
}

/** Form field -> the `updateBody` field it came from, so a 400 points at what the client sent. */
const FORM_TO_BODY: Record<string, string> = {
  name: 'updateBody.name',
  description: 'updateBody.description',
  mediaType: 'updateBody.isVideoCampaign',
  dailyBudget: 'updateBody.daily_budget',
  maxBid: 'updateBody.max_bid',
  startDate: 'updateBody.start_date',
  endDate: 'updateBody.end_date',
  showInHubspot: 'updateBody.showInHubspot',
  maxCompanies: 'updateBody.maxCompanies',
};

/**
 * `PUT /campaign/new/details`: every rule of the edit form (000 §5) on the stored campaign with the
 * sent fields over it, checked with the same schema the form uses: the media type can not change,
 * the start date only before the campaign started, nothing 175 or more days after the end. The
 * estimated budget is computed, never taken from the body. Activation follows the status rules.
 */
export async function updateCampaignDetails(
  input: { agencyId: string; bgCampaignId: string; beeswaxCampaignId: number; updateBody: TCampaignDetailsUpdate },
  deps: CampaignUpdateDeps,
): Promise<TCampaign> {
  const campaign = await requireCampaign(input.agencyId, input.bgCampaignId, deps.campaigns);
  assertBidderId(campaign, input.beeswaxCampaignId);
  const today = reportToday(deps.now());
  assertWritable(campaign, today);

  const body = input.updateBody;
  const savedMediaType: TMediaType = campaign.isVideoCampaign ? 'video' : 'display';
  const showInHubspot = body.showInHubspot ?? campaign.showInHubspot;
  const values = {
    name: body.name ?? campaign.name,
    description: body.description ?? campaign.description,
    mediaType: body.isVideoCampaign === undefined ? savedMediaType : body.isVideoCampaign ? 'video' : 'display',
    dailyBudget: body.daily_budget ?? campaign.daily_budget,
    maxBid: body.max_bid ?? campaign.maxBid,
    startDate: body.start_date ?? campaign.start_date,
    endDate: body.end_date ?? campaign.end_date,
    showInHubspot,
    maxCompanies: body.maxCompanies === undefined ? campaign.maxCompanies : body.maxCompanies,
  };
  // Handlers allow a start date one day back: the form already held the user to their own today,
  // which west of UTC can be the server's yesterday (see campaignDetailsSchema).
  const schema = campaignDetailsSchema({
    flow: 'edit',
    saved: { mediaType: savedMediaType, startDate: campaign.start_date },
    now: today,
    startDateGraceDays: 1,
  });
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const formErrors = collectFieldErrors(parsed.error.issues, 'updateBody', {});
    const fieldErrors: TFieldErrors = {};
    for (const [field, messages] of Object.entries(formErrors))
      (fieldErrors[FORM_TO_BODY[field] ?? field] ??= []).push(...messages);
    throw invalidRequest(fieldErrors);
  }
  const details = parsed.data;
  const active = body.active ?? campaign.active;
  if (active && !campaign.active && campaign.archived) throw new ConflictError(CAMPAIGN_MESSAGES.activateArchived);

  const next: TCampaignRecord = {
    ...campaign,
    name: details.name,
    description: details.description,
    daily_budget: details.dailyBudget,
    campaign_budget: details.estimatedBudget,
    maxBid: details.maxBid,
    start_date: details.startDate,
    end_date: details.endDate,
    showInHubspot: details.showInHubspot,
    maxCompanies: companyLimit(details.maxCompanies),
    active,
    version: campaign.version + 1,
  };
  // A line item holds its share of the bid and of both budgets (the total follows the dates too).
  const lineItemsToo =
    next.maxBid !== campaign.maxBid ||
    next.daily_budget !== campaign.daily_budget ||
    next.campaign_budget !== campaign.campaign_budget;
  const saved = await commit(input.agencyId, campaign, next, lineItemsToo, deps);
  return toPublicCampaign(saved, []);
}

/**
 * `PUT /campaign/archive`: archives or unarchives. An active campaign can not be archived (000 §4:
 * deactivate first). Archiving is ours alone (the bidder has no such flag) and is allowed on
 * campaigns past the 175-day limit, which is when people tidy them away.
 */
export async function archiveCampaign(
  input: { agencyId: string; bgCampaignId: string; archived: boolean },
  deps: Pick<CampaignUpdateDeps, 'campaigns'>,
): Promise<TCampaign> {
  const campaign = await requireCampaign(input.agencyId, input.bgCampaignId, deps.campaigns);
  if (campaign.archived === input.archived) return toPublicCampaign(campaign, []);
  if (input.archived && campaign.active) throw new ConflictError(CAMPAIGN_MESSAGES.archiveActive);
  const saved = await deps.campaigns.replaceCampaign({
    ...campaign,
    archived: input.archived,
    version: campaign.version + 1,
  });
  if (!saved) throw new ConflictError(CAMPAIGN_MESSAGES.changedMeanwhile);
  return toPublicCampaign(saved, []);
}

/**
 * `PUT /campaign/new/status`: activates or deactivates here and at the bidder. Activation is refused
 * for an archived campaign and for one 175 or more days past its end; deactivation always works.
 */
export async function updateCampaignStatus(
  input: { agencyId: string; bgCampaignId: string; beeswaxCampaignId: number; active: boolean },
  deps: CampaignUpdateDeps,
): Promise<TCampaign> {
  const campaign = await requireCampaign(input.agencyId, input.bgCampaignId, deps.campaigns);
  assertBidderId(campaign, input.beeswaxCampaignId);
  if (campaign.active === input.active) return toPublicCampaign(campaign, []);
  if (input.active) {
    if (campaign.archived) throw new ConflictError(CAMPAIGN_MESSAGES.activateArchived);
    assertWritable(campaign, reportToday(deps.now()));
  }
  const next = { ...campaign, active: input.active, version: campaign.version + 1 };
  return toPublicCampaign(await commit(input.agencyId, campaign, next, false, deps), []);
}
