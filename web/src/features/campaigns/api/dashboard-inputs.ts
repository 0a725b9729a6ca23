import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';

// The inputs of the campaigns dashboard's first reads, one builder each, shared by the hooks and the
// dashboard's prefetch (`dashboard-prefetch.ts`): a prefetched reply is only taken by a request with the
// very same input. This module imports no hook, so the prefetch's chunk stays free of the data cache.

/** 000 §7 GET /campaign/allbyadvertiser/{advertiserId}?timeFrame=... */
export const campaignsReportInput = (advertiserId: string, timeFrame: TRangeTimeFrame) =>
  ({ params: { advertiserId }, query: { timeFrame } }) as const;

/** 000 §7 GET /report/lineitems?bgCampaignId&timeFrame */
export const lineItemsReportInput = (bgCampaignId: string, timeFrame: TRangeTimeFrame) =>
  ({ query: { bgCampaignId, timeFrame } }) as const;

/** 000 §7 GET /report/creatives?adGroupId&timeFrame */
export const creativesReportInput = (adGroupId: string, timeFrame: TRangeTimeFrame) =>
  ({ query: { adGroupId, timeFrame } }) as const;

/** 000 §7 GET /adGroups/adgroupbybgcampaignid/{id}: the campaign's ad groups. */
export const adGroupsInput = (bgCampaignId: string) => ({ params: { id: bgCampaignId } }) as const;

/** A campaign's own reads (targeting selections, activity): its id in the path. */
export const campaignIdInput = (bgCampaignId: string) => ({ params: { id: bgCampaignId } }) as const;
