import * as z from 'zod';
import { defineOperation } from '../operation';
import { zId } from '../../ids';
import { ZIsoDate, ZRangeTimeFrame, DEFAULT_RANGE_TIME_FRAME } from '../../entities/common.schema';
import { ZCreative } from '../../entities/creative.schema';
import { ZLineItemsReport } from '../../entities/line-item.schema';

export const getLineItemsReport = defineOperation({
  name: 'getLineItemsReport',
  method: 'GET',
  path: '/api/report/lineitems',
  auth: 'user',
  query: z.object({ bgCampaignId: zId('campaign'), timeFrame: ZRangeTimeFrame.default(DEFAULT_RANGE_TIME_FRAME) }),
  response: ZLineItemsReport,
  summary: "The campaign's line items with their metrics over the time frame.",
  specRef: '000 §7',
});

export const getLineItemsDailyReport = defineOperation({
  name: 'getLineItemsDailyReport',
  method: 'GET',
  path: '/api/report/lineitems/dailyreport',
  auth: 'user',
  query: z.object({ bgCampaignId: zId('campaign'), date: ZIsoDate }),
  response: ZLineItemsReport,
  summary: "The campaign's line items with their metrics of one day (CUSTOM_DATE).",
  specRef: '000 §7',
});

export const getCreativesReport = defineOperation({
  name: 'getCreativesReport',
  method: 'GET',
  path: '/api/report/creatives',
  auth: 'user',
  query: z.object({ adGroupId: zId('adGroup'), timeFrame: ZRangeTimeFrame.default(DEFAULT_RANGE_TIME_FRAME) }),
  response: z.array(ZCreative),
  summary: "The ad group's creatives, each with creativeReports[0] over the time frame.",
  specRef: '000 §7',
});

export const getCreativesDailyReport = defineOperation({
  name: 'getCreativesDailyReport',
  method: 'GET',
  path: '/api/report/creatives/dailyreport',
  auth: 'user',
  query: z.object({ adGroupId: zId('adGroup'), date: ZIsoDate }),
  response: z.array(ZCreative),
  summary: "The ad group's creatives, each with creativeReports[0] of one day (CUSTOM_DATE).",
  specRef: '000 §7',
});
