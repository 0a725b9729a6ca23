import { useEffect } from 'react';
import { getCampaignDailyReport, listCampaignsByAdvertiser } from '@bidgrid/shared/campaigns/campaign.operations';
import {
  getCampaignDelivery,
  getCreativesDailyReport,
  getCreativesReport,
  getLineItemsDailyReport,
  getLineItemsReport,
} from '@bidgrid/shared/reports/report.operations';
import type { TCampaign } from '@bidgrid/shared/campaigns/campaign.schema';
import type { TCreative } from '@bidgrid/shared/ad-groups/creative.schema';
import type { TDeliveryDay } from '@bidgrid/shared/reports/delivery.schema';
import type { TLineItemsReport } from '@bidgrid/shared/campaigns/line-item.schema';
import {
  compareCampaignsNewestFirst,
  compareLineItemsByName,
  compareNewestFirst,
} from '@bidgrid/shared/common/list-order';
import { sortedJoin, useOperationPages, type PageJoin, type PagesProgress } from '@/lib/api/use-operation-pages';
import { skipToken, useOperationQuery } from '@/lib/api/use-operation-query';
import { messageOf } from '@/lib/error-message';
import { detailReportErrorText, reportErrorText } from '../campaign-messages';
import { reportRequest, type TFrameSelection } from '../time-frame';
import { campaignsReportInput, creativesReportInput, lineItemsReportInput } from './dashboard-inputs';

// The dashboard's report reads (000 §7). Each frame is its own cached answer (the cache is keyed by the
// call's input), so switching back to a frame shows it again without a request. The lists come a page at a
// time (issue 9 §6); each is read whole (the tables sort, sum and export every row), the first page shown at
// once, and joined in the order the server sorts each page by.

/** A report read of the dashboard: the data (the last one while a new frame loads), whether it loads. */
export interface TReport<T> {
  readonly data: T | undefined;
  /**
   * True while the current frame is on its way, up to its last page (a loader shows when there is no data
   * yet; "the first campaign" is picked once every campaign is in).
   */
  readonly loading: boolean;
}

/** A report of a paged list: how far its pages have loaded, and a way on after a page failed. */
export interface TPagedReport<T> extends TReport<T> {
  readonly progress: PagesProgress;
  readonly failed: boolean;
  retry(): void;
}

const CAMPAIGNS_JOIN = sortedJoin<TCampaign>(compareCampaignsNewestFirst);
const CREATIVES_JOIN = sortedJoin<TCreative>(compareNewestFirst);

/** Line-item pages: the line items joined by name, their report rows (one per line item) joined alongside. */
export const LINE_ITEMS_JOIN: PageJoin<TLineItemsReport> = {
  join: (shown, next) => ({
    lineItems: [...shown.lineItems, ...next.lineItems].sort(compareLineItemsByName),
    lineItemReports: [...shown.lineItemReports, ...next.lineItemReports],
  }),
  count: (data) => data.lineItems.length,
};

/**
 * 000 §8: report fetch failures are only logged; the screen keeps its empty state and loaders stop (the
 * API client has already shown its error toast).
 */
function useLoggedError(error: unknown, text: (message: string) => string): void {
  useEffect(() => {
    if (error) console.error(text(messageOf(error)));
  }, [error, text]);
}

interface TPagesRead<T> {
  readonly data: T | undefined;
  readonly previousData: T | undefined;
  readonly loading: boolean;
  readonly error: Error | undefined;
  readonly progress: PagesProgress;
  retry(): void;
}

/**
 * Picks between the rolling-frame and the one-day query of a report. While the other kind or a new
 * frame loads, the last answer stays on screen (so the toolbar and the tables do not blink away).
 */
function pick<T>(useDay: boolean, range: TPagesRead<T>, day: TPagesRead<T>): TPagedReport<T> {
  const active = useDay ? day : range;
  const other = useDay ? range : day;
  const data = active.data ?? active.previousData ?? other.data ?? other.previousData;
  const failed = active.error !== undefined;
  return {
    data,
    loading: active.loading || (active.data !== undefined && !active.progress.done && !failed),
    progress: active.progress,
    failed,
    retry: active.retry,
  };
}

/** The advertiser's campaigns with their reports of the selected frame (000 §7 allbyadvertiser / dailyreport). */
export function useCampaignsReport(advertiserId: string, selection: TFrameSelection): TPagedReport<TCampaign[]> {
  const request = reportRequest(selection);
  const range = useOperationPages(
    listCampaignsByAdvertiser,
    request.kind === 'range' ? campaignsReportInput(advertiserId, request.timeFrame) : skipToken,
    { join: CAMPAIGNS_JOIN },
  );
  const day = useOperationPages(
    getCampaignDailyReport,
    request.kind === 'day' ? { params: { id: advertiserId }, query: { date: request.date } } : skipToken,
    { join: CAMPAIGNS_JOIN },
  );
  useLoggedError(range.error ?? day.error, reportErrorText);
  return pick(request.kind === 'day', range, day);
}

/** The campaign's line items and their reports of the selected frame (000 §7 /report/lineitems...). */
export function useLineItemsReport(bgCampaignId: string, selection: TFrameSelection): TPagedReport<TLineItemsReport> {
  const request = reportRequest(selection);
  const range = useOperationPages(
    getLineItemsReport,
    request.kind === 'range' ? lineItemsReportInput(bgCampaignId, request.timeFrame) : skipToken,
    { join: LINE_ITEMS_JOIN },
  );
  const day = useOperationPages(
    getLineItemsDailyReport,
    request.kind === 'day' ? { query: { bgCampaignId, date: request.date } } : skipToken,
    { join: LINE_ITEMS_JOIN },
  );
  useLoggedError(range.error ?? day.error, detailReportErrorText);
  return pick(request.kind === 'day', range, day);
}

/**
 * An ad group's creatives with their reports of the selected frame (000 §7 /report/creatives...); none
 * while `adGroupId` is null. The same ad group and frame asked twice is one request (one cached answer).
 */
export function useCreativesReport(adGroupId: string | null, selection: TFrameSelection): TPagedReport<TCreative[]> {
  const request = reportRequest(selection);
  const range = useOperationPages(
    getCreativesReport,
    adGroupId && request.kind === 'range' ? creativesReportInput(adGroupId, request.timeFrame) : skipToken,
    { join: CREATIVES_JOIN },
  );
  const day = useOperationPages(
    getCreativesDailyReport,
    adGroupId && request.kind === 'day' ? { query: { adGroupId, date: request.date } } : skipToken,
    { join: CREATIVES_JOIN },
  );
  useLoggedError(range.error ?? day.error, detailReportErrorText);
  return pick(request.kind === 'day', range, day);
}

/** The campaign's daily delivery over the selected frame, for the chart. */
export function useDelivery(bgCampaignId: string, selection: TFrameSelection): TReport<TDeliveryDay[]> {
  const request = reportRequest(selection);
  const result = useOperationQuery(getCampaignDelivery, {
    query:
      request.kind === 'day'
        ? { bgCampaignId, timeFrame: 'CUSTOM_DATE', date: request.date }
        : { bgCampaignId, timeFrame: request.timeFrame },
  });
  useLoggedError(result.error, reportErrorText);
  return { data: result.data ?? result.previousData, loading: result.loading };
}
