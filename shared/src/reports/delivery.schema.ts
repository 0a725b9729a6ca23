import * as z from '../zod';
import { ZCount, ZIsoDate, ZUsd } from '../common/common.schema';

/**
 * One day of a campaign's delivery chart (issue 6: "a daily chart of impressions, clicks and spend for
 * the selected campaign and time frame"): the campaign's daily row, spend in USD. Days without
 * delivery inside the range are present with zeros, so the chart's axis has every day.
 */
export const ZDeliveryDay = z.object({
  date: ZIsoDate,
  impressions: ZCount,
  clicks: ZCount,
  spend: ZUsd,
});
export type TDeliveryDay = z.infer<typeof ZDeliveryDay>;
