import { chakra } from '@chakra-ui/react';
import { TRUNCATE } from '@bidgrid/shared/constants';
import type { TCampaign, TCampaignReport } from '@bidgrid/shared/campaigns/campaign.schema';
import { formatCount, formatPercent, formatUsd } from '@bidgrid/shared/metrics/format';
import type { DataTableColumn, SortValue } from '@/components/data-table';
import type { CsvColumn } from '@/lib/csv-export';
import { isTruncated, truncate } from '@/lib/truncate';
import { formatIsoDay, statusText } from './format';

/** The report of the requested frame: the first entry of `campaignReports` (000 §3). */
export const currentReport = (campaign: TCampaign): TCampaignReport | undefined => campaign.campaignReports[0];

/** One field of a campaign table: the header, the text shown (and exported) and the sort value. */
export interface CampaignField {
  readonly id: string;
  readonly header: string;
  readonly text: (campaign: TCampaign) => string;
  readonly sortValue: (campaign: TCampaign) => SortValue;
  readonly align?: 'end';
}

/** The report's numbers (not its period or its 'as of' time). */
type TReportMetricKey = Exclude<keyof TCampaignReport, 'timeFrame' | 'date' | 'syncedAt'>;

const reportValue =
  (key: TReportMetricKey) =>
  (campaign: TCampaign): number | null =>
    currentReport(campaign)?.[key] ?? null;

const metric = (id: TReportMetricKey, header: string, format: (value: number | null) => string): CampaignField => ({
  id,
  header,
  text: (campaign) => format(reportValue(id)(campaign)),
  sortValue: reportValue(id),
  align: 'end',
});

const NAME: CampaignField = { id: 'name', header: 'Name', text: (c) => c.name, sortValue: (c) => c.name };
const START: CampaignField = {
  id: 'start_date',
  header: 'Start Date',
  text: (c) => formatIsoDay(c.start_date),
  sortValue: (c) => c.start_date,
};
const END: CampaignField = {
  id: 'end_date',
  header: 'End Date',
  text: (c) => formatIsoDay(c.end_date),
  sortValue: (c) => c.end_date,
};
const MATCHED: CampaignField = {
  id: 'accounts',
  header: 'Matched Accounts',
  text: (c) => formatCount(c.accounts),
  sortValue: (c) => c.accounts,
  align: 'end',
};
const CLICKS = metric('clicks', 'Clicks', formatCount);
const CTR = metric('ctr', 'CTR', formatPercent);
const IMPRESSIONS = metric('impressions', 'Impressions', formatCount);
const SPENT = metric('spend', 'Budget Spent', formatUsd);
const CONVERSIONS = metric('conversions', 'Conversions', formatCount);

/** The columns of the dashboard's campaign metrics table (000 §2), in the spec's order. */
export const CAMPAIGN_METRIC_FIELDS: readonly CampaignField[] = [
  { id: 'status', header: 'Status', text: (c) => statusText(c.active), sortValue: (c) => statusText(c.active) },
  NAME,
  START,
  END,
  {
    id: 'campaign_budget',
    header: 'Campaign Budget',
    text: (c) => formatUsd(c.campaign_budget),
    sortValue: (c) => c.campaign_budget,
    align: 'end',
  },
  MATCHED,
  CLICKS,
  CTR,
  IMPRESSIONS,
  SPENT,
  metric('cpc_usd', 'CPC (USD)', formatUsd),
  metric('cpm_usd', 'CPM (USD)', formatUsd),
  CONVERSIONS,
  metric('spend_per_conversion', 'Spent Per Conversions', formatUsd),
  metric('viewthrough_conversions', 'View Through Conversions', formatCount),
  metric('click_through_conversions', 'Click Through Conversions', formatCount),
];

/** The name cell: cut to `max` characters with the full name as its title. */
export function NameCell({ name, max }: { name: string; max: number }) {
  return <chakra.span title={isTruncated(name, max) ? name : undefined}>{truncate(name, max)}</chakra.span>;
}

/** Table columns of the campaign metrics table; the name is cut at 20 characters (000 §9). */
export const CAMPAIGN_METRIC_COLUMNS: ReadonlyArray<DataTableColumn<TCampaign>> = CAMPAIGN_METRIC_FIELDS.map(
  (field) => ({
    id: field.id,
    header: field.header,
    cell: field.id === 'name' ? (c) => <NameCell name={c.name} max={TRUNCATE.campaignTable} /> : field.text,
    align: field.align,
  }),
);

/**
 * The data columns of the all-campaigns dialog around its toggles (000 §2: Name, Start Date, End Date,
 * Active, Archived, Matched Accounts, Clicks, CTR, Impressions, Budget Spent, CPC, CPM, Conversions).
 */
export const DIALOG_LEADING_FIELDS: readonly CampaignField[] = [NAME, START, END];
export const DIALOG_TRAILING_FIELDS: readonly CampaignField[] = [
  MATCHED,
  CLICKS,
  CTR,
  IMPRESSIONS,
  SPENT,
  metric('cpc_usd', 'CPC', formatUsd),
  metric('cpm_usd', 'CPM', formatUsd),
  CONVERSIONS,
];

/** A flag column of the export: 'Yes' or 'No' as the dialog's toggles showed it. */
const flag = (value: boolean): string => (value ? 'Yes' : 'No');

/**
 * The campaigns export (000 §4: comma-delimited, the campaigns file name): the dialog's columns with the
 * flags as saved, the texts as shown.
 */
export const CAMPAIGN_EXPORT_COLUMNS: ReadonlyArray<CsvColumn<TCampaign>> = [
  ...DIALOG_LEADING_FIELDS.map((field) => ({ header: field.header, value: field.text })),
  { header: 'Active', value: (c: TCampaign) => flag(c.active) },
  { header: 'Archived', value: (c: TCampaign) => flag(c.archived) },
  ...DIALOG_TRAILING_FIELDS.map((field) => ({ header: field.header, value: field.text })),
];
