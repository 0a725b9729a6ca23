import type { TRangeTimeFrame } from '@bidgrid/shared/common/common.schema';
import type { TLineItemReport, TLineItemsReport } from '@bidgrid/shared/campaigns/line-item.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { NotFoundError } from '../../kernel/errors';
import { CAMPAIGN_MESSAGES } from '../campaigns/campaign-access';
import { toPublicLineItem } from '../campaigns/campaign-records.schema';
import type { TLineItemRecord } from '../campaigns/campaign-records.schema';
import { compareLineItemsByName } from '@bidgrid/shared/common/list-order';
import type { CampaignRepository, TCampaignSummary } from '../ports/campaign.port';
import type { TPagedPayload, TPageRequest } from '../ports/page.port';
import type { ReportReader, TRollupGroup } from '../ports/report.port';
import { countsOfDay, countsOverTimeFrame } from './report-reader';
import type { TReportEntity } from './report-reader';
import { lineItemReportOf, reportToday } from './report-rows';
import type { TReportPeriod } from './report-rows';

/** Ports of the line-item reports. */
export interface LineItemReportDeps {
  campaigns: Pick<CampaignRepository, 'getCampaignSummary' | 'listLineItemsPage'>;
  reports: ReportReader;
  now: () => Date;
}

const entityOf = (agencyId: string, lineItem: TLineItemRecord): TReportEntity => ({
  key: String(lineItem.beeswaxLineItemId),
  subject: { kind: 'lineItem', agencyId, beeswaxLineItemId: lineItem.beeswaxLineItemId },
});

/**
 * The spec's payload "lineItems and lineItemReports": the line items and, flat, their rows (one per
 * line item, joined by `beeswaxLineItemId`). The rows are not repeated inside the line items: with
 * hundreds of line items that would double the reply (see ZLineItemsReport).
 */
/** The campaign's fixed facts, or a 404 (another agency's campaign is not found: keys carry the agency). */
async function requireSummary(
  deps: LineItemReportDeps,
  agencyId: string,
  campaignId: string,
): Promise<TCampaignSummary> {
  const summary = await deps.campaigns.getCampaignSummary(agencyId, campaignId);
  if (!summary) {
    throw new NotFoundError(CAMPAIGN_MESSAGES.notFound, {
      internalMessage: `Campaign ${campaignId} not in agency ${agencyId}`,
    });
  }
  return summary;
}

function assemble(
  campaign: TCampaignSummary,
  lineItems: TLineItemRecord[],
  counts: Map<string, TMetricCounts>,
  period: TReportPeriod,
): TLineItemsReport {
  // Line items by name (the spec gives no order): what a person scans for in a table of companies.
  const sorted = [...lineItems].sort(compareLineItemsByName);
  const rows: TLineItemReport[] = [];
  const items = sorted.map((lineItem) => {
    const sum = counts.get(String(lineItem.beeswaxLineItemId));
    const row = sum ? lineItemReportOf(sum, lineItem, campaign.isVideoCampaign, period) : null;
    if (row) rows.push(row);
    return toPublicLineItem(lineItem, []);
  });
  return { lineItems: items, lineItemReports: rows };
}

/**
 * `GET /report/lineitems?bgCampaignId&timeFrame`: one page of the campaign's line items over a rolling
 * time frame, with the rollups of that page's line items only (a campaign of thousands reads a page's
 * worth a request).
 */
export async function getLineItemsReport(
  input: { agencyId: string; campaignId: string; timeFrame: TRangeTimeFrame; page: TPageRequest },
  deps: LineItemReportDeps,
): Promise<TPagedPayload<TLineItemsReport>> {
  // Keys carry the caller's agency, so the reads can start together: another agency's campaign id
  // finds no campaign (404) and no line items either.
  const group: TRollupGroup = { kind: 'campaign', agencyId: input.agencyId, campaignId: input.campaignId };
  const [campaign, page] = await Promise.all([
    requireSummary(deps, input.agencyId, input.campaignId),
    deps.campaigns.listLineItemsPage(input.agencyId, input.campaignId, input.page),
  ]);
  const counts = await countsOverTimeFrame(
    page.items.map((li) => entityOf(input.agencyId, li)),
    group,
    input.timeFrame,
    reportToday(deps.now()),
    deps.reports,
  );
  return {
    payload: assemble(campaign, page.items, counts, { timeFrame: input.timeFrame }),
    nextCursor: page.nextCursor,
  };
}

/** `GET /report/lineitems/dailyreport?bgCampaignId&date`: one page of the campaign's line items on one day. */
export async function getLineItemsDailyReport(
  input: { agencyId: string; campaignId: string; date: string; page: TPageRequest },
  deps: LineItemReportDeps,
): Promise<TPagedPayload<TLineItemsReport>> {
  const [campaign, page] = await Promise.all([
    requireSummary(deps, input.agencyId, input.campaignId),
    deps.campaigns.listLineItemsPage(input.agencyId, input.campaignId, input.page),
  ]);
  const counts = await countsOfDay(
    page.items.map((li) => entityOf(input.agencyId, li)),
    input.date,
    deps.reports,
  );
  return {
    payload: assemble(campaign, page.items, counts, { timeFrame: 'CUSTOM_DATE', date: input.date }),
    nextCursor: page.nextCursor,
  };
}
