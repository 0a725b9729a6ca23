import { now, nowMs } from '@bidgrid/shared/clock';
import { randomBytes } from 'node:crypto';
import { addIsoDays, isId } from '@bidgrid/shared';
import { createOwnAgency, inParallel, type OwnAgency } from './big-agency';
import { useLambdasOn } from './lambda-environment';
import { stackInfo } from './stack';

/**
 * An advertiser page whose lists run past the first page the first screen reads of each (issue 15), in an
 * agency of its own (the demo world other tests read stays as seeded): one campaign more than a page of
 * campaigns, the first of them in the store's order (so on the first page) with more line items than a
 * line-item page and more ad groups than a page. Written through the repositories the app writes with.
 */
export interface BigAdvertiserPage extends OwnAgency {
  /** The campaign with the long lists; on the campaigns' first page. */
  readonly richCampaignId: string;
  /** Every campaign, in the store's order (by id): the last one is past the campaigns' first page. */
  readonly campaignIds: readonly string[];
  readonly lineItemCount: number;
  readonly adGroupCount: number;
}

/** One more than a page of campaigns and ad groups (100), and than a line-item page (250). */
const CAMPAIGNS = 101;
const LINE_ITEMS = 260;
const AD_GROUPS = 101;

async function repositories() {
  await useLambdasOn(stackInfo());
  const [{ campaignRepository }, { adGroupRepository }, { ZTargetingSelections }] = await Promise.all([
    import('@bidgrid/lambdas/adapters/repositories/campaign.repository'),
    import('@bidgrid/lambdas/adapters/repositories/ad-group.repository'),
    import('@bidgrid/shared/targeting/targeting.schema'),
  ]);
  return { campaignRepository, adGroupRepository, ZTargetingSelections };
}

/**
 * Creates the agency, its advertiser and the campaigns. They ended long ago (past the report sync's
 * horizon), so the sync job never asks the bidder about them and their reports stay empty while a test reads.
 */
export async function createBigAdvertiserPage(): Promise<BigAdvertiserPage> {
  const own = await createOwnAgency('page');
  const { agencyId } = own;
  if (!isId('agency', agencyId)) throw new Error(`Not an agency id: ${agencyId}`);
  const bgAdvertiserId = own.advertiser.bgAdvertiserId;
  const { campaignRepository, adGroupRepository, ZTargetingSelections } = await repositories();
  // Campaign ids are reserved across agencies: a tag of this run keeps a second run on the same stack apart.
  const tag = randomBytes(4).toString('hex');
  const campaignIds = Array.from(
    { length: CAMPAIGNS },
    (_, n) => `bg-campaign-page-${tag}-${String(n).padStart(3, '0')}` as const,
  );
  const [richCampaignId] = campaignIds as [`bg-campaign-${string}`];
  const today = now().toISOString().slice(0, 10);
  const createdAt = (n: number) => new Date(nowMs() - (n + 1) * 60_000).toISOString();

  await inParallel(
    campaignIds.map((bgCampaignId, n) => ({ bgCampaignId, n })),
    10,
    async ({ bgCampaignId, n }) => {
      const rich = bgCampaignId === richCampaignId;
      const lineItems = Array.from({ length: rich ? LINE_ITEMS : 1 }, (_, i) => ({
        beeswaxLineItemId: 800_000 + n * 1_000 + i,
        bgCampaignId,
        bgAdvertiserId,
        line_item_name: `Account ${String(i).padStart(3, '0')}`,
        active: true,
        hubspotCompanyId: null,
        fromFile: true,
        domain: `account-${n}-${i}.example`,
        line_item_budget: 100,
        line_item_spend: 0,
        segmentCount: 1,
        version: 0,
      }));
      const stored = await campaignRepository.putNewCampaign(
        {
          bgCampaignId,
          beeswaxCampaignId: 700_000 + n,
          bgAdvertiserId,
          agencyId,
          name: `Page campaign ${String(n).padStart(3, '0')}`,
          description: '',
          active: false,
          archived: false,
          start_date: addIsoDays(today, -300),
          end_date: addIsoDays(today, -200),
          daily_budget: 50,
          campaign_budget: 5_000,
          maxBid: 10,
          maxCompanies: null,
          showInHubspot: false,
          isVideoCampaign: false,
          accounts: lineItems.length,
          pixel_event_id: null,
          conversion_tag_url: null,
          campaignType: 'managed',
          createdBy: own.username,
          createdAt: createdAt(n),
          version: 0,
        },
        lineItems,
        ZTargetingSelections.parse({}),
      );
      if (!stored) throw new Error(`campaign ${bgCampaignId} was not stored`);
    },
  );

  await inParallel(
    Array.from({ length: AD_GROUPS }, (_, n) => n),
    10,
    async (n) => {
      const adGroupId = `bg-ad-group-page-${tag}-${String(n).padStart(3, '0')}` as const;
      const stored = await adGroupRepository.putNewAdGroup(agencyId, {
        adGroupId,
        bgAdvertiserId,
        bgCampaignId: richCampaignId,
        createdBy: own.username,
        name: `Banners ${n}`,
        description: '',
        adGroupType: 'image',
        createdAt: createdAt(n),
      });
      if (!stored) throw new Error(`ad group ${adGroupId} was not stored`);
    },
  );
  return { ...own, richCampaignId, campaignIds, lineItemCount: LINE_ITEMS, adGroupCount: AD_GROUPS };
}
