import type { TRangeTimeFrame } from '@bidgrid/shared/entities/common.schema';
import type { TLineItemReport, TLineItemsReport } from '@bidgrid/shared/entities/line-item.schema';
import type { TMetricCounts } from '@bidgrid/shared/metrics/counts.schema';
import { reportKeys } from '../../adapters/repositories/report.repository';
import { requireCampaign } from '../campaigns/campaign-access';
import type { CampaignReader } from '../campaigns/campaign-access';
import { toPublicLineItem } from '../campaigns/campaign-records.schema';
import type { TCampaignRecord, TLineItemRecord } from '../campaigns/campaign-records.schema';
import { countsOfDay, countsOverTimeFrame } from './report-reader';
import type { ReportReader, TReportEntity } from './report-reader';
import { lineItemReportOf, reportToday } from './report-rows';
import type { TReportPeriod } from './report-rows';

/** Ports of the line-item reports. */
export interface LineItemReportDeps {
  campaigns: CampaignReader & { listLineItems(agencyId: string, campaignId: string): Promise<TLineItemRecord[]> };
  reports: ReportReader;
  now: () => Date;
}

const entityOf = (agencyId: string, lineItem: TLineItemRecord, timeFrame: TRangeTimeFrame): TReportEntity => ({
  key: String(lineItem.beeswaxLineItemId),
  daysPk: reportKeys.lineItemDays(agencyId, lineItem.beeswaxLineItemId),
  rollupSk: reportKeys.lineItemRollup(timeFrame, lineItem.beeswaxLineItemId),
});

/** The spec's payload "lineItems and lineItemReports": each line item with its row, and the rows flat. */
function assemble(
  campaign: TCampaignRecord,
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
    return toPublicLineItem(lineItem, row ? [row] : []);
  });
  return { lineItems: items, lineItemReports: rows };
}

/** `GET /report/lineitems?bgCampaignId&timeFrame`: the campaign's line items over a rolling time frame. */
export async function getLineItemsReport(
  input: { agencyId: string; campaignId: string; timeFrame: TRangeTimeFrame },
  deps: LineItemReportDeps,
): Promise<TLineItemsReport> {
  const campaign = await requireCampaign(input.agencyId, input.campaignId, deps.campaigns);
  const lineItems = await deps.campaigns.listLineItems(input.agencyId, campaign.bgCampaignId);
  const counts = await countsOverTimeFrame(
    lineItems.map((li) => entityOf(input.agencyId, li, input.timeFrame)),
    reportKeys.campaignDays(input.agencyId, campaign.bgCampaignId),
    input.timeFrame,
    reportToday(deps.now()),
    deps.reports,
  );
  return assemble(campaign, lineItems, counts, { timeFrame: input.timeFrame });
}

/** `GET /report/lineitems/dailyreport?bgCampaignId&date`: the campaign's line items on one day. */
export async function getLineItemsDailyReport(
  input: { agencyId: string; campaignId: string; date: string },
  deps: LineItemReportDeps,
): Promise<TLineItemsReport> {
  const campaign = await requireCampaign(input.agencyId, input.campaignId, deps.campaigns);
  const lineItems = await deps.campaigns.listLineItems(input.agencyId, campaign.bgCampaignId);
  const counts = await countsOfDay(
    lineItems.map((li) => entityOf(input.agencyId, li, 'ALL_TIME')),
    input.date,
    deps.reports,
  );
  return assemble(campaign, lineItems, counts, { timeFrame: 'CUSTOM_DATE', date: input.date });
}
