import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import type { TLineItemReport, TLineItemsReport } from '@bidgrid/shared/entities/line-item.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { NotFoundError } from '../../lib/errors';
import { CAMPAIGN_MESSAGES } from '../campaigns/campaign-access';
import { toPublicLineItem } from '../campaigns/campaign-records.schema';
import type { TLineItemRecord } from '../campaigns/campaign-records.schema';
import type { CampaignRepository, TCampaignSummary } from '../ports/campaign.port';
import type { ReportReader, TRollupGroup } from '../ports/report.port';
import { countsOfDay, countsOverTimeFrame } from './report-reader';
import type { TReportEntity } from './report-reader';
import { lineItemReportOf, reportToday } from './report-rows';
import type { TReportPeriod } from './report-rows';

/** Ports of the line-item reports. */
export interface LineItemReportDeps {
  campaigns: Pick<CampaignRepository, 'getCampaignSummary' | 'listLineItems'>;
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
  const sorted = [...lineItems].sort(
    (a, b) => a.line_item_name.localeCompare(b.line_item_name) || a.beeswaxLineItemId - b.beeswaxLineItemId,
  );
  const rows: TLineItemReport[] = [];
  const items = sorted.map((lineItem) => {
    const sum = counts.get(String(lineItem.beeswaxLineItemId));
    const row = sum ? lineItemReportOf(sum, lineItem, campaign.isVideoCampaign, period) : null;
    if (row) rows.push(row);
    return toPublicLineItem(lineItem, []);
  });
  return { lineItems: items, lineItemReports: rows };
}

/** `GET /report/lineitems?bgCampaignId&timeFrame`: the campaign's line items over a rolling time frame. */
export async function getLineItemsReport(
  input: { agencyId: string; campaignId: string; timeFrame: TRangeTimeFrame },
  deps: LineItemReportDeps,
): Promise<TLineItemsReport> {
  // Keys carry the caller's agency, so the three reads can start together: another agency's
  // campaign id finds no campaign (404) and no line items or rollups either.
  const group: TRollupGroup = { kind: 'campaign', agencyId: input.agencyId, campaignId: input.campaignId };
  const rollups = deps.reports.listRollups(group, input.timeFrame);
  const [campaign, lineItems] = await Promise.all([
    requireSummary(deps, input.agencyId, input.campaignId),
    deps.campaigns.listLineItems(input.agencyId, input.campaignId),
    rollups,
  ]);
  const counts = await countsOverTimeFrame(
    lineItems.map((li) => entityOf(input.agencyId, li)),
    group,
    input.timeFrame,
    reportToday(deps.now()),
    deps.reports,
    rollups,
  );
  return assemble(campaign, lineItems, counts, { timeFrame: input.timeFrame });
}

/** `GET /report/lineitems/dailyreport?bgCampaignId&date`: the campaign's line items on one day. */
export async function getLineItemsDailyReport(
  input: { agencyId: string; campaignId: string; date: string },
  deps: LineItemReportDeps,
): Promise<TLineItemsReport> {
  const [campaign, lineItems] = await Promise.all([
    requireSummary(deps, input.agencyId, input.campaignId),
    deps.campaigns.listLineItems(input.agencyId, input.campaignId),
  ]);
  const counts = await countsOfDay(
    lineItems.map((li) => entityOf(input.agencyId, li)),
    input.date,
    deps.reports,
  );
  return assemble(campaign, lineItems, counts, { timeFrame: 'CUSTOM_DATE', date: input.date });
}
