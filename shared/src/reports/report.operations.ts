import * as z from '../zod';
import { defineOperation } from '../api/operation';
import { LINE_ITEM_PAGE, PAGE_100 } from '../api/payload';
import { zId } from '../ids';
import { DEFAULT_TIME_FRAME } from '../constants';
import { ZIsoDate, ZRangeTimeFrame, ZTimeFrame, DEFAULT_RANGE_TIME_FRAME } from '../common/common.schema';
import { ZCreative } from '../ad-groups/creative.schema';
import { ZDeliveryDay } from './delivery.schema';
import { ZLineItemsReport } from '../campaigns/line-item.schema';

export const getLineItemsReport = defineOperation({
  name: 'getLineItemsReport',
  method: 'GET',
  path: '/api/report/lineitems',
  auth: 'user',
  query: z.object({ bgCampaignId: zId('campaign'), timeFrame: z._default(ZRangeTimeFrame, DEFAULT_RANGE_TIME_FRAME) }),
  response: ZLineItemsReport,
  paged: LINE_ITEM_PAGE,
  summary:
    "The campaign's line items by name with their metrics over the time frame (`lineItemReports` holds the rows of the page's line items). Paged: each page is sorted so; across pages the order is the store's, and a client that needs the whole list in that order sorts what it loaded (the web does).",
  specRef: '000 §7',
});

export const getLineItemsDailyReport = defineOperation({
  name: 'getLineItemsDailyReport',
  method: 'GET',
  path: '/api/report/lineitems/dailyreport',
  auth: 'user',
  query: z.object({ bgCampaignId: zId('campaign'), date: ZIsoDate }),
  response: ZLineItemsReport,
  paged: LINE_ITEM_PAGE,
  summary:
    "The campaign's line items by name with their metrics of one day (CUSTOM_DATE). Paged: each page is sorted so; across pages the order is the store's, and a client that needs the whole list in that order sorts what it loaded (the web does).",
  specRef: '000 §7',
});

export const getCreativesReport = defineOperation({
  name: 'getCreativesReport',
  method: 'GET',
  path: '/api/report/creatives',
  auth: 'user',
  query: z.object({ adGroupId: zId('adGroup'), timeFrame: z._default(ZRangeTimeFrame, DEFAULT_RANGE_TIME_FRAME) }),
  response: z.array(ZCreative),
  paged: PAGE_100,
  summary:
    "The ad group's creatives newest first, each with creativeReports[0] over the time frame. Paged: each page is sorted so; across pages the order is the store's, and a client that needs the whole list in that order sorts what it loaded (the web does).",
  specRef: '000 §7',
});

export const getCreativesDailyReport = defineOperation({
  name: 'getCreativesDailyReport',
  method: 'GET',
  path: '/api/report/creatives/dailyreport',
  auth: 'user',
  query: z.object({ adGroupId: zId('adGroup'), date: ZIsoDate }),
  response: z.array(ZCreative),
  paged: PAGE_100,
  summary:
    "The ad group's creatives newest first, each with creativeReports[0] of one day (CUSTOM_DATE). Paged: each page is sorted so; across pages the order is the store's, and a client that needs the whole list in that order sorts what it loaded (the web does).",
  specRef: '000 §7',
});

export const getCampaignDelivery = defineOperation({
  name: 'getCampaignDelivery',
  method: 'GET',
  path: '/api/report/campaign/delivery',
  auth: 'user',
  query: z
    .object({
      bgCampaignId: zId('campaign'),
      timeFrame: z._default(ZTimeFrame, DEFAULT_TIME_FRAME),
      /** The day of CUSTOM_DATE (required then, ignored otherwise). */
      date: z.optional(ZIsoDate),
    })
    .check(
      z.refine((query) => query.timeFrame !== 'CUSTOM_DATE' || query.date !== undefined, {
        error: 'A CUSTOM_DATE needs a date',
        path: ['date'],
      }),
    ),
  response: z.array(ZDeliveryDay),
  summary:
    "Path ours (issue 6 delivery chart): the campaign's daily impressions, clicks and spend over the time frame, every day of the range (ALL_TIME: start date to the end date or today, whichever is earlier), oldest first.",
  specRef: 'ours (000 §2 Campaigns Dashboard, issue 6)',
});
