import type { TAdGroup } from '@bidgrid/shared/ad-groups/ad-group.schema';
import type { TAdvertiser } from '@bidgrid/shared/advertisers/advertiser.schema';
import type { TCampaignActivity } from '@bidgrid/shared/targeting/campaign-targeting-change.schema';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import type { TCreative } from '@bidgrid/shared/ad-groups/creative.schema';
import type { TLineItemsReport } from '@bidgrid/shared/campaigns/line-item.schema';
import { compareCampaignsNewestFirst, compareNewestFirst } from '@bidgrid/shared/common/list-order';
import { selectableCampaigns, shownCampaign } from '@bidgrid/shared/campaigns/shown-campaign';
import type { TTargetingSelections } from '@bidgrid/shared/targeting/targeting.schema';
import { listAdGroupsByCampaign } from '../ad-groups/ad-groups.use-case';
import { listCampaignActivity } from '../campaigns/change-campaign-targeting.use-case';
import { getCampaignTargetingSelections, listCampaignsByAdvertiser } from '../campaigns/read-campaigns.use-case';
import { getAdvertiser } from './get-advertiser.use-case';
import type { AdGroupRepository } from '../ports/ad-group.port';
import type { AdvertiserReader } from '../ports/advertiser.port';
import type { CampaignRepository } from '../ports/campaign.port';
import type { CreativeStorage } from '../ports/creative-storage.port';
import { firstPage } from '../ports/page.port';
import type { TPagedPayload } from '../ports/page.port';
import type { ReportReader } from '../ports/report.port';
import { getCreativesReport } from '../reports/creative-reports.use-case';
import { getLineItemsReport } from '../reports/line-item-reports.use-case';

/** Ports of the first screen: what the use cases it gathers read, and nothing else. */
export interface FirstScreenDeps {
  advertisers: AdvertiserReader;
  campaigns: Pick<
    CampaignRepository,
    | 'getCampaign'
    | 'getCampaignSummary'
    | 'listCampaignsPage'
    | 'getTargeting'
    | 'listLineItemsPage'
    | 'listActivityPage'
  >;
  adGroups: Pick<AdGroupRepository, 'getAdGroup' | 'listAdGroups' | 'listCreativesPage'>;
  reports: ReportReader;
  storage: Pick<CreativeStorage, 'presignGet'>;
  now: () => Date;
}

/**
 * How many items the first page of each list holds: each list's own operation's default page, which the
 * HTTP edge knows (it also seals each list's cursor for that operation).
 */
export interface TFirstScreenPageSizes {
  campaigns: number;
  lineItems: number;
  activity: number;
  adGroups: number;
  creatives: number;
}

/**
 * The first screen with the repositories' cursors (`ZAdvertiserPageFirstScreen` once the HTTP edge has
 * sealed each for its list's operation): each part what its own use case answers.
 */
export interface TFirstScreen {
  advertiser: TAdvertiser;
  campaigns: TPagedPayload<TCampaign[]>;
  shown: {
    bgCampaignId: string;
    lineItems: TPagedPayload<TLineItemsReport>;
    targetingSelections: TTargetingSelections;
    activity: TPagedPayload<TCampaignActivity[]>;
    adGroups: TPagedPayload<TAdGroup[]>;
    creatives: { adGroupId: string; page: TPagedPayload<TCreative[]> } | null;
  } | null;
}

/**
 * The campaign the dashboard shows (000 §2), picked from the first page as the web picks it: the asked one
 * when it is listed and not archived, else the newest one not archived. Past a first page the newest one is
 * not known until every page is in, so then only an asked one of this page is shown.
 */
function campaignToShow(campaigns: TPagedPayload<TCampaign[]>, requestedId: string | null): TCampaign | null {
  const sorted = [...campaigns.payload].sort(compareCampaignsNewestFirst);
  const { requested, shown } = shownCampaign(selectableCampaigns(sorted), requestedId);
  return campaigns.nextCursor === null ? shown : (requested ?? null);
}

/**
 * `GET /advertiser/firstscreen/{id}?timeFrame&campaignId` (ours, issue 15): the advertiser page's first
 * screen in one read, gathered from the use cases of the parts' own operations with the same inputs, so each
 * part is what its operation answers. The advertiser and its campaigns are read together (another agency's
 * advertiser is a 404, as `getAdvertiser` answers); then the shown campaign's reads start together, and the
 * newest ad group's creatives as soon as its ad groups are in. Only a campaign of the advertiser's list can be
 * shown, so an asked id of another advertiser or agency is never read: the page falls back as for any id not
 * listed.
 */
export async function getAdvertiserPageFirstScreen(
  input: {
    agencyId: string;
    advertiserId: string;
    timeFrame: TRangeTimeFrame;
    campaignId?: string | undefined;
    pageSizes: TFirstScreenPageSizes;
  },
  deps: FirstScreenDeps,
): Promise<TFirstScreen> {
  const { agencyId, advertiserId, timeFrame, pageSizes } = input;
  const [advertiser, campaigns] = await Promise.all([
    getAdvertiser({ agencyId, advertiserId }, deps),
    listCampaignsByAdvertiser({ agencyId, advertiserId, timeFrame, page: firstPage(pageSizes.campaigns) }, deps),
  ]);
  const campaign = campaignToShow(campaigns, input.campaignId ?? null);
  if (!campaign) return { advertiser, campaigns, shown: null };

  const campaignId = campaign.bgCampaignId;
  const adGroupsThenCreatives = async () => {
    const adGroups = await listAdGroupsByCampaign({ agencyId, campaignId, page: firstPage(pageSizes.adGroups) }, deps);
    // The page shows the newest ad group expanded; past a first page the newest one is not known yet.
    const newest = adGroups.nextCursor === null ? [...adGroups.payload].sort(compareNewestFirst)[0] : undefined;
    if (!newest) return { adGroups, creatives: null };
    const page = await getCreativesReport(
      { agencyId, adGroupId: newest.adGroupId, timeFrame, page: firstPage(pageSizes.creatives) },
      deps,
    );
    return { adGroups, creatives: { adGroupId: newest.adGroupId, page } };
  };
  const [lineItems, targetingSelections, activity, { adGroups, creatives }] = await Promise.all([
    getLineItemsReport({ agencyId, campaignId, timeFrame, page: firstPage(pageSizes.lineItems) }, deps),
    getCampaignTargetingSelections({ agencyId, campaignId }, deps),
    listCampaignActivity({ agencyId, campaignId, page: firstPage(pageSizes.activity) }, deps),
    adGroupsThenCreatives(),
  ]);
  return {
    advertiser,
    campaigns,
    shown: { bgCampaignId: campaignId, lineItems, targetingSelections, activity, adGroups, creatives },
  };
}
