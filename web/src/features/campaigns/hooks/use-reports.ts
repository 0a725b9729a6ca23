import { skipToken, useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useEffect } from 'react';
import type { TCampaign } from '@bidgrid/shared/entities/campaign.schema';
import type { TCreative } from '@bidgrid/shared/entities/creative.schema';
import type { TDeliveryDay } from '@bidgrid/shared/entities/delivery.schema';
import type { TLineItemsReport } from '@bidgrid/shared/entities/line-item.schema';
import {
  CAMPAIGNS_OF_DAY_QUERY,
  CAMPAIGNS_QUERY,
  CREATIVES_OF_DAY_QUERY,
  CREATIVES_QUERY,
  DELIVERY_QUERY,
  LINE_ITEMS_OF_DAY_QUERY,
  LINE_ITEMS_QUERY,
} from '../api/campaigns.queries';
import { detailReportErrorText, reportErrorText } from '../campaign-messages';
import { reportRequest, type TFrameSelection } from '../time-frame';

/** A report read of the dashboard: the data (the last one while a new frame loads), whether it loads. */
export interface TReport<T> {
  readonly data: T | undefined;
  /** True while the answer of the current frame is on its way (a loader shows when there is no data yet). */
  readonly loading: boolean;
}

/**
 * 000 §8: report fetch failures are only logged; the screen keeps its empty state and loaders stop (the
 * API client has already shown its error toast).
 */
function useLoggedError(error: unknown, text: (message: string) => string): void {
  useEffect(() => {
    if (error) console.error(text(error instanceof Error ? error.message : String(error)));
  }, [error, text]);
}

/**
 * Picks between the rolling-frame and the one-day query of a report. While the other kind or a new
 * frame loads, the last answer stays on screen (so the toolbar and the tables do not blink away).
 */
function pick<T>(
  useDay: boolean,
  range: { data?: T | undefined; previousData?: T | undefined; loading: boolean },
  day: { data?: T | undefined; previousData?: T | undefined; loading: boolean },
): TReport<T> {
  const active = useDay ? day : range;
  const other = useDay ? range : day;
  const data = active.data ?? active.previousData ?? other.data ?? other.previousData;
  return { data, loading: active.loading };
}

/** The advertiser's campaigns with their reports of the selected frame (000 §7 allbyadvertiser / dailyreport). */
export function useCampaignsReport(advertiserId: string, selection: TFrameSelection): TReport<TCampaign[]> {
  const request = reportRequest(selection);
  const range = useQuery(
    CAMPAIGNS_QUERY,
    request.kind === 'range' ? { variables: { advertiserId, timeFrame: request.timeFrame } } : skipToken,
  );
  const day = useQuery(
    CAMPAIGNS_OF_DAY_QUERY,
    request.kind === 'day' ? { variables: { advertiserId, date: request.date } } : skipToken,
  );
  useLoggedError(range.error ?? day.error, reportErrorText);
  return pick(
    request.kind === 'day',
    { data: range.data?.campaigns, previousData: range.previousData?.campaigns, loading: range.loading },
    {
      data: day.data?.campaignsOfDay,
      previousData: day.previousData?.campaignsOfDay,
      loading: day.loading,
    },
  );
}

/** The campaign's line items and their reports of the selected frame (000 §7 /report/lineitems...). */
export function useLineItemsReport(bgCampaignId: string, selection: TFrameSelection): TReport<TLineItemsReport> {
  const request = reportRequest(selection);
  const range = useQuery(
    LINE_ITEMS_QUERY,
    request.kind === 'range' ? { variables: { bgCampaignId, timeFrame: request.timeFrame } } : skipToken,
  );
  const day = useQuery(
    LINE_ITEMS_OF_DAY_QUERY,
    request.kind === 'day' ? { variables: { bgCampaignId, date: request.date } } : skipToken,
  );
  useLoggedError(range.error ?? day.error, detailReportErrorText);
  return pick(
    request.kind === 'day',
    { data: range.data?.lineItems, previousData: range.previousData?.lineItems, loading: range.loading },
    {
      data: day.data?.lineItemsOfDay,
      previousData: day.previousData?.lineItemsOfDay,
      loading: day.loading,
    },
  );
}

/**
 * An ad group's creatives with their reports of the selected frame (000 §7 /report/creatives...); none
 * while `adGroupId` is null. The same ad group and frame asked twice is one request (Apollo dedupes).
 */
export function useCreativesReport(adGroupId: string | null, selection: TFrameSelection): TReport<TCreative[]> {
  const request = reportRequest(selection);
  const range = useQuery(
    CREATIVES_QUERY,
    adGroupId && request.kind === 'range' ? { variables: { adGroupId, timeFrame: request.timeFrame } } : skipToken,
  );
  const day = useQuery(
    CREATIVES_OF_DAY_QUERY,
    adGroupId && request.kind === 'day' ? { variables: { adGroupId, date: request.date } } : skipToken,
  );
  useLoggedError(range.error ?? day.error, detailReportErrorText);
  return pick(
    request.kind === 'day',
    { data: range.data?.creatives, previousData: range.previousData?.creatives, loading: range.loading },
    {
      data: day.data?.creativesOfDay,
      previousData: day.previousData?.creativesOfDay,
      loading: day.loading,
    },
  );
}

/** The campaign's daily delivery over the selected frame, for the chart. */
export function useDelivery(bgCampaignId: string, selection: TFrameSelection): TReport<TDeliveryDay[]> {
  const request = reportRequest(selection);
  const result = useQuery(DELIVERY_QUERY, {
    variables:
      request.kind === 'day'
        ? { bgCampaignId, timeFrame: 'CUSTOM_DATE', date: request.date }
        : { bgCampaignId, timeFrame: request.timeFrame },
  });
  useLoggedError(result.error, reportErrorText);
  const data = result.data?.delivery ?? result.previousData?.delivery;
  return { data, loading: result.loading };
}

/**
 * Drops the cached answers of some root fields and refetches the queries on screen that read them, after
 * a change made them stale (archive, status, edit, replacement). Cached answers of other frames go too,
 * so switching back to one later fetches it fresh.
 */
export function useRefresh(): (fieldNames: readonly string[]) => Promise<void> {
  const client = useApolloClient();
  return useCallback(
    async (fieldNames: readonly string[]) => {
      try {
        await client.refetchQueries({
          updateCache(cache) {
            for (const fieldName of fieldNames) cache.evict({ id: 'ROOT_QUERY', fieldName });
          },
        });
      } catch (error) {
        // A failed reload was reported by the API client; the screen keeps what it shows (000 §8).
        console.error(reportErrorText(error instanceof Error ? error.message : String(error)));
      }
    },
    [client],
  );
}
